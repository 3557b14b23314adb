public import FoundationEssentials

extension JSONBuffer {
  /// Appends `text` as a JSON string, escaped as `JSONEncoder` escapes it:
  /// `"` and `\` with a backslash, the controls below U+0020 as `\b`, `\t`,
  /// `\n`, `\f`, `\r` or `\u00XX`, everything else as its UTF-8; or `null`
  /// for `nil`.
  public mutating func append(_ text: String?) {
    guard let text else { return self.appendNull() }
    self.bytes.append(UInt8(ascii: "\""))
    self.append(escaping: text)
    self.bytes.append(UInt8(ascii: "\""))
  }

  /// Appends `date` as a JSON string in UTC with milliseconds
  /// (`"2021-04-16T19:56:38.123Z"`): ``Timestamp/iso8601(_:)``'s text.
  public mutating func append(timestamp date: Date) {
    self.bytes.append(UInt8(ascii: "\""))
    Timestamp.appendISO8601(date, to: &self.bytes)
    self.bytes.append(UInt8(ascii: "\""))
  }

  /// Appends the pieces of `pattern` as one JSON string.
  mutating func append(_ pattern: Quake.TextPattern) {
    self.bytes.append(UInt8(ascii: "\""))
    pattern.prefix.withUTF8Buffer { self.append(escaping: $0) }
    self.append(escaping: pattern.first)
    pattern.infix.withUTF8Buffer { self.append(escaping: $0) }
    self.append(escaping: pattern.second)
    self.bytes.append(UInt8(ascii: "\""))
  }

  /// Appends the elements of a comma-wrapped list (`,a,b,`) as a JSON array
  /// of strings (`["a","b"]`): ``CommaWrappedList/elements``. An ASCII text
  /// is split on its bytes, without making the elements; any other is split
  /// as `elements` splits it, on characters (a comma followed by a combining
  /// mark is one character, not a separator).
  mutating func append(commaWrapped text: String) {
    self.bytes.append(UInt8(ascii: "["))
    var first = true
    func element(_ bytes: some Collection<UInt8>) {
      if !first { self.bytes.append(UInt8(ascii: ",")) }
      first = false
      self.bytes.append(UInt8(ascii: "\""))
      self.append(escaping: bytes)
      self.bytes.append(UInt8(ascii: "\""))
    }
    if text.utf8.allSatisfy({ $0 < 0x80 }) {
      text.utf8.split(separator: UInt8(ascii: ",")).forEach(element)
    } else {
      text.split(separator: ",").forEach { element($0.utf8) }
    }
    self.bytes.append(UInt8(ascii: "]"))
  }

  private mutating func append(escaping text: String) {
    var text = text
    text.withUTF8 { self.append(escaping: $0) }
  }

  /// Appends `text`'s bytes, escaped, without quotes. Runs that need no
  /// escaping (nearly every text) are copied whole.
  private mutating func append(escaping text: some Collection<UInt8>) {
    var start = text.startIndex
    var index = start
    while index != text.endIndex {
      let byte = text[index]
      if byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
        text.formIndex(after: &index)
        continue
      }
      self.bytes.append(contentsOf: text[start..<index])
      switch byte {
      case UInt8(ascii: "\""): self.append(raw: "\\\"")
      case UInt8(ascii: "\\"): self.append(raw: "\\\\")
      case 0x08: self.append(raw: "\\b")
      case 0x09: self.append(raw: "\\t")
      case 0x0A: self.append(raw: "\\n")
      case 0x0C: self.append(raw: "\\f")
      case 0x0D: self.append(raw: "\\r")
      default:
        self.append(raw: "\\u00")
        self.bytes.append(Self.hexDigits[Int(byte >> 4)])
        self.bytes.append(Self.hexDigits[Int(byte & 0x0F)])
      }
      text.formIndex(after: &index)
      start = index
    }
    self.bytes.append(contentsOf: text[start..<index])
  }

  private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
