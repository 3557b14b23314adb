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

  /// One event, with its newline.
  static func event(_ quake: Quake) -> String {
    let key = Self.identifier(quake.id)
    let origin = "smi:quakesd/origin/\(key)"
    let magnitude = "smi:quakesd/magnitude/\(key)"
    let agency = quake.catalog.network.map {
      "<creationInfo><agencyID>\(Self.escaped($0, limit: 64))</agencyID></creationInfo>"
    }
    var xml = ""
    // About what an event takes, so that the appends below do not grow it.
    xml.reserveCapacity(1_536)
    xml += "<event publicID=\"smi:quakesd/event/\(key)\">"
    if let place = quake.place, !place.isEmpty {
      xml += "<description><type>earthquake name</type><text>\(Self.escaped(place))</text></description>"
    }
    xml += "<origin publicID=\"\(origin)\">"
    xml += "<time><value>\(Timestamp.iso8601(quake.time))</value></time>"
    xml += "<longitude><value>\(Self.number(quake.longitude))</value></longitude>"
    xml += "<latitude><value>\(Self.number(quake.latitude))</value></latitude>"
    if let depth = quake.depth {
      xml += "<depth><value>\(Self.number((depth * 10_000).rounded() / 10))</value></depth>"
    }
    xml += Self.quality(quake.solution)
    switch quake.status?.rawValue {
    case "reviewed": xml += "<evaluationMode>manual</evaluationMode><evaluationStatus>reviewed</evaluationStatus>"
    case "automatic": xml += "<evaluationMode>automatic</evaluationMode>"
    default: break
    }
    xml += (agency ?? "") + "</origin>"
    if let value = quake.magnitude {
      xml += "<magnitude publicID=\"\(magnitude)\"><mag><value>\(Self.number(value))</value></mag>"
      if let type = quake.magnitudeType, !type.isEmpty {
        xml += "<type>\(Self.escaped(type, limit: 32))</type>"
      }
      xml += "<originID>\(origin)</originID>" + (agency ?? "") + "</magnitude>"
      xml += "<preferredMagnitudeID>\(magnitude)</preferredMagnitudeID>"
    }
    xml += "<preferredOriginID>\(origin)</preferredOriginID>"
    if let type = QuakeMLEventType.of(quake.eventType) {
      xml += "<type>\(type)</type>"
    }
    xml += "<creationInfo>"
    if let network = quake.catalog.network {
      xml += "<agencyID>\(Self.escaped(network, limit: 64))</agencyID>"
    }
    xml += "<creationTime>\(Timestamp.iso8601(quake.updated))</creationTime></creationInfo>"
    return xml + "</event>\n"
  }

  private static func quality(_ solution: QuakeSolution) -> String {
    var quality = ""
    if let count = solution.stationCount { quality += "<usedStationCount>\(count)</usedStationCount>" }
    if let rms = solution.rootMeanSquare { quality += "<standardError>\(Self.number(rms))</standardError>" }
    if let gap = solution.azimuthalGap { quality += "<azimuthalGap>\(Self.number(gap))</azimuthalGap>" }
    if let distance = solution.minimumDistance {
      quality += "<minimumDistance>\(Self.number(distance))</minimumDistance>"
    }
    return quality.isEmpty ? "" : "<quality>\(quality)</quality>"
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
