import QuakesModel

/// Writes events as QuakeML 1.2 BED, the FDSN event service's `xml`
/// format, a piece at a time (``opening``, an ``event(_:)`` each,
/// ``closing``), so that an answer of any length is written as it is read.
///
/// Each cached quake is one event with its one origin and magnitude, as in
/// USGS's summaries: the origin's time, place, depth (in metres, as QuakeML
/// has it), quality (stations, gap, distance, RMS) and review status; the
/// magnitude and its type; the place as the event's description; the
/// network as the agency. Identifiers are `smi:quakesd/event/<id>` and the
/// like, the id escaped where QuakeML's pattern does not allow a character.
/// ObsPy's schema check (`obspy.io.quakeml.core._validate`) passes on it.
enum QuakeMLWriter {
  /// The document up to its first event.
  static let opening = """
    <?xml version="1.0" encoding="UTF-8"?>
    <q:quakeml xmlns:q="http://quakeml.org/xmlns/quakeml/1.2" xmlns="http://quakeml.org/xmlns/bed/1.2">
    <eventParameters publicID="smi:quakesd/fdsnws/event/1/query">

    """

  /// The document after its last event.
  static let closing = "</eventParameters>\n</q:quakeml>\n"

  /// About what an event takes, so that a buffer reserved for a page of
  /// events does not grow while they are written.
  static let eventBytes = 1_536

  /// One event, with its newline.
  static func event(_ quake: Quake) -> String {
    var xml: [UInt8] = []
    xml.reserveCapacity(Self.eventBytes)
    Self.write(quake, to: &xml)
    return String(decoding: xml, as: UTF8.self)
  }

  /// Appends one event, with its newline, to `xml`: bytes, not `String`s
  /// (a profile of 32 connections asking for 100 events had a third of
  /// quakesd's CPU here, most of it in appending strings).
  static func write(_ quake: Quake, to xml: inout [UInt8]) {
    let key = Self.identifier(quake.id)
    let network = quake.network
    xml.append("<event publicID=\"smi:quakesd/event/", text: key, "\">")
    if let place = quake.place, !place.isEmpty {
      xml.append("<description><type>earthquake name</type><text>", escaped: place, "</text></description>")
    }
    xml.append("<origin publicID=\"smi:quakesd/origin/", text: key, "\"><time><value>")
    Timestamp.appendISO8601(quake.time, to: &xml)
    xml.append("</value></time><longitude><value>", number: quake.longitude, "</value></longitude>")
    xml.append("<latitude><value>", number: quake.latitude, "</value></latitude>")
    if let depth = quake.depth {
      xml.append("<depth><value>", number: (depth * 10_000).rounded() / 10, "</value></depth>")
    }
    Self.writeQuality(quake.solution, to: &xml)
    switch quake.status?.rawValue {
    case "reviewed":
      xml.append(raw: "<evaluationMode>manual</evaluationMode><evaluationStatus>reviewed</evaluationStatus>")
    case "automatic": xml.append(raw: "<evaluationMode>automatic</evaluationMode>")
    default: break
    }
    Self.writeAgency(network, to: &xml)
    xml.append(raw: "</origin>")
    if let value = quake.magnitude {
      xml.append("<magnitude publicID=\"smi:quakesd/magnitude/", text: key, "\">")
      xml.append("<mag><value>", number: value, "</value></mag>")
      if let type = quake.magnitudeType, !type.isEmpty {
        xml.append("<type>", escaped: type, limit: 32, "</type>")
      }
      xml.append("<originID>smi:quakesd/origin/", text: key, "</originID>")
      Self.writeAgency(network, to: &xml)
      xml.append("</magnitude><preferredMagnitudeID>smi:quakesd/magnitude/", text: key, "</preferredMagnitudeID>")
    }
    xml.append("<preferredOriginID>smi:quakesd/origin/", text: key, "</preferredOriginID>")
    if let type = QuakeMLEventType.of(quake.eventType) {
      xml.append("<type>", text: type, "</type>")
    }
    xml.append(raw: "<creationInfo>")
    if let network {
      xml.append("<agencyID>", escaped: network, limit: 64, "</agencyID>")
    }
    xml.append(raw: "<creationTime>")
    Timestamp.appendISO8601(quake.updated, to: &xml)
    xml.append(raw: "</creationTime></creationInfo></event>\n")
  }

  /// The network as the agency of an origin or a magnitude, if the quake has one.
  private static func writeAgency(_ network: String?, to xml: inout [UInt8]) {
    guard let network else { return }
    xml.append("<creationInfo><agencyID>", escaped: network, limit: 64, "</agencyID></creationInfo>")
  }

  private static func writeQuality(_ solution: QuakeSolution, to xml: inout [UInt8]) {
    let count = solution.stationCount
    let rms = solution.rootMeanSquare
    let gap = solution.azimuthalGap
    let distance = solution.minimumDistance
    guard count != nil || rms != nil || gap != nil || distance != nil else { return }
    xml.append(raw: "<quality>")
    if let count { xml.append("<usedStationCount>", text: String(count), "</usedStationCount>") }
    if let rms { xml.append("<standardError>", number: rms, "</standardError>") }
    if let gap { xml.append("<azimuthalGap>", number: gap, "</azimuthalGap>") }
    if let distance { xml.append("<minimumDistance>", number: distance, "</minimumDistance>") }
    xml.append(raw: "</quality>")
  }

  /// A number as `xs:double` reads it (the shortest text that reads back the same).
  static func number(_ value: Double) -> String {
    String(value)
  }

  /// `id` as the last part of a QuakeML identifier: its letters, digits and
  /// the marks the pattern allows stay; any other byte is `~` and two hex
  /// digits (`~` itself too), so two ids never share one. A key longer than
  /// ``longestKey`` keeps its start and ends in `~` and the id's FNV-1a hash,
  /// so that every identifier stays within QuakeML's 255 characters.
  static func identifier(_ id: String) -> String {
    let key = Self.escapedKey(id)
    guard key.count > Self.longestKey else { return key }
    let hash = id.utf8.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    return key.prefix(Self.longestKey - 17) + "~" + String(hash, radix: 16, uppercase: true)
  }

  /// The longest key: `smi:quakesd/magnitude/` and the key stay within 255.
  static let longestKey = 200

  private static func escapedKey(_ id: String) -> String {
    // Most ids (USGS's) need no escaping.
    if !id.isEmpty, id.utf8.allSatisfy(Self.isAllowedInKey) { return id }
    var key = ""
    for byte in id.utf8 {
      if Self.isAllowedInKey(byte) {
        key.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        let hex = String(byte, radix: 16, uppercase: true)
        key += "~" + (hex.count == 1 ? "0" + hex : hex)
      }
    }
    return key.isEmpty ? "~" : key
  }

  /// Whether an identifier's key keeps `byte` as it is: a letter, a digit
  /// or a mark QuakeML's pattern allows.
  private static func isAllowedInKey(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
      || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "*")
      || byte == UInt8(ascii: "(") || byte == UInt8(ascii: ")") || byte == UInt8(ascii: "_")
      || byte == UInt8(ascii: "'")
  }

  /// `text` as XML character data, at most `limit` code points (as XML
  /// Schema counts a `maxLength`): markup
  /// escaped, and the control characters XML 1.0 cannot carry at all
  /// (even escaped) written as spaces.
  static func escaped(_ text: String, limit: Int = .max) -> String {
    // Most texts hold nothing to escape and fit: they are written as they
    // are, without walking their characters. (No code point is shorter
    // than a byte, so `limit` bytes are at most `limit` code points.)
    if text.utf8.count <= limit, text.utf8.allSatisfy(Self.needsNoEscape) { return text }
    var escaped = ""
    let kept = String(String.UnicodeScalarView(text.unicodeScalars.prefix(limit)))
    for character in kept {
      switch character {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      case "'": escaped += "&apos;"
      default:
        let isControl = character.unicodeScalars.contains {
          ($0.value < 0x20 && $0 != "\t" && $0 != "\n" && $0 != "\r") || $0.value == 0xFFFE || $0.value == 0xFFFF
        }
        escaped.append(isControl ? " " : character)
      }
    }
    return escaped
  }

  /// Whether `byte` of UTF-8 text is written as it is: not markup, not a
  /// control character XML cannot carry, and not a byte of U+FFFE or
  /// U+FFFF (`EF BF BE`, `EF BF BF`: their last bytes are checked, which
  /// also sends a few other characters the slow way, harmlessly).
  private static func needsNoEscape(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"): false
    case 0x09, 0x0A, 0x0D: true
    case 0..<0x20: false
    case 0xBE, 0xBF: false
    default: true
    }
  }
}

extension [UInt8] {
  /// Appends markup, as it is.
  fileprivate mutating func append(raw markup: StaticString) {
    markup.withUTF8Buffer { self.append(contentsOf: $0) }
  }

  /// Appends `text`, which needs no escaping (an identifier's key, an
  /// event type), between two pieces of markup.
  fileprivate mutating func append(_ before: StaticString, text: String, _ after: StaticString) {
    var text = text
    self.append(raw: before)
    text.withUTF8 { self.append(contentsOf: $0) }
    self.append(raw: after)
  }

  /// Appends `text` as XML character data (``QuakeMLWriter/escaped(_:limit:)``)
  /// between two pieces of markup.
  fileprivate mutating func append(
    _ before: StaticString, escaped text: String, limit: Int = .max, _ after: StaticString
  ) {
    self.append(before, text: QuakeMLWriter.escaped(text, limit: limit), after)
  }

  /// Appends a number as ``QuakeMLWriter/number(_:)`` writes it between two
  /// pieces of markup.
  fileprivate mutating func append(_ before: StaticString, number value: Double, _ after: StaticString) {
    self.append(before, text: QuakeMLWriter.number(value), after)
  }
}
