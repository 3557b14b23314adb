// The messages of the errors the scanner throws: what was wrong, where (byte
// offset, and which feature), and what the bytes there look like. Only error
// paths come here.
extension FeedScanner {
  /// The body ended while `context` was open: a download cut short.
  func truncated(inside context: ScanContext) -> FeedDecodingError {
    var place = context.description
    if self.feature > 0 {
      place +=
        context == .features ? " after feature \(self.feature)" : ", in feature \(self.feature) of \"features\""
    }
    return FeedDecodingError(
      "not a complete GeoJSON feed: the body ends inside \(place), at byte \(self.count) of \(self.count):"
        + " the download was cut short")
  }

  /// The byte at ``index`` is not what JSON allows there.
  func invalid(expected: String) -> FeedDecodingError {
    FeedDecodingError(
      "invalid JSON at byte offset \(self.index)\(self.featureNote): expected \(expected),"
        + " found \(self.found(at: self.index)) (near \(self.excerpt(around: self.index)))")
  }

  /// Containers nest deeper than ``maximumDepth``.
  func tooDeep() -> FeedDecodingError {
    FeedDecodingError(
      "unsupported JSON at byte offset \(self.index)\(self.featureNote):"
        + " objects and arrays nest more than \(Self.maximumDepth) deep")
  }

  /// `, in feature N of "features"` while reading a feature, else nothing.
  private var featureNote: String {
    self.feature > 0 ? ", in feature \(self.feature) of \"features\"" : ""
  }

  /// The byte at `offset`, for a message: `'x'`, `a space` or `byte 0xNN`.
  func found(at offset: Int) -> String {
    guard offset < self.count else { return "the end of the body" }
    let byte = self.base[offset]
    switch byte {
    case 0x20: return "a space"
    case 0x21...0x7E: return "'\(Character(Unicode.Scalar(byte)))'"
    default:
      let hex = String(byte, radix: 16, uppercase: true)
      return "byte 0x\(byte < 0x10 ? "0" : "")\(hex)"
    }
  }

  /// Up to 20 bytes before and after `offset`, quoted, for a message.
  func excerpt(around offset: Int) -> String {
    let start = max(0, min(offset, self.count) - 20)
    let end = min(self.count, offset + 20)
    return "\"" + self.text(from: start, to: end) + "\""
  }

  /// The bytes in `start..<end` as printable text: control characters become
  /// spaces and invalid UTF-8 becomes U+FFFD.
  func text(from start: Int, to end: Int) -> String {
    let raw = String(decoding: UnsafeBufferPointer(start: self.base + start, count: max(0, end - start)), as: UTF8.self)
    var text = ""
    for scalar in raw.unicodeScalars {
      text.unicodeScalars.append(scalar.value < 0x20 || scalar.value == 0x7F ? " " : scalar)
    }
    return text
  }
}
