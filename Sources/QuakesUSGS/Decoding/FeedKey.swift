/// The object keys the feed decoder reads, told apart by their bytes.
///
/// One classification serves every level (top level, `metadata`, a
/// feature, its `properties`, its `geometry`); each reader acts on the keys
/// it knows and skips the value of any other.
enum FeedKey {
  case type, features, metadata, generated, count
  case id, properties, geometry, coordinates
  case mag, magType, place, time, updated, url, status, ids
  case tz, detail, felt, cdi, mmi, alert, tsunami, sig, net, code, sources, types, nst, dmin, rms, gap, title
  /// A key the decoder does not read.
  case other

  /// The key whose bytes (between the quotes, without escapes) are `bytes`.
  @inline(__always)
  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let key = bytes.baseAddress else {
      self = .other
      return
    }
    // Dispatch on the length, then on a byte, then compare (length included).
    switch bytes.count {
    case 2:
      switch key[0] {
      case UInt8(ascii: "i"): self = Self.equals(bytes, "id") ? .id : .other
      case UInt8(ascii: "t"): self = Self.equals(bytes, "tz") ? .tz : .other
      default: self = .other
      }
    case 3:
      self = Self.threeLetterKey(bytes, first: key[0], second: key[1])
    case 4:
      switch key[0] {
      case UInt8(ascii: "t"):
        switch key[1] {
        case UInt8(ascii: "y"): self = Self.equals(bytes, "type") ? .type : .other
        case UInt8(ascii: "i"): self = Self.equals(bytes, "time") ? .time : .other
        default: self = .other
        }
      case UInt8(ascii: "f"): self = Self.equals(bytes, "felt") ? .felt : .other
      case UInt8(ascii: "c"): self = Self.equals(bytes, "code") ? .code : .other
      case UInt8(ascii: "d"): self = Self.equals(bytes, "dmin") ? .dmin : .other
      default: self = .other
      }
    case 5:
      switch key[0] {
      case UInt8(ascii: "p"): self = Self.equals(bytes, "place") ? .place : .other
      case UInt8(ascii: "c"): self = Self.equals(bytes, "count") ? .count : .other
      case UInt8(ascii: "a"): self = Self.equals(bytes, "alert") ? .alert : .other
      case UInt8(ascii: "t"):
        switch key[2] {
        case UInt8(ascii: "p"): self = Self.equals(bytes, "types") ? .types : .other
        case UInt8(ascii: "t"): self = Self.equals(bytes, "title") ? .title : .other
        default: self = .other
        }
      default: self = .other
      }
    case 6:
      switch key[0] {
      case UInt8(ascii: "s"): self = Self.equals(bytes, "status") ? .status : .other
      case UInt8(ascii: "d"): self = Self.equals(bytes, "detail") ? .detail : .other
      default: self = .other
      }
    case 7:
      switch key[0] {
      case UInt8(ascii: "u"): self = Self.equals(bytes, "updated") ? .updated : .other
      case UInt8(ascii: "m"): self = Self.equals(bytes, "magType") ? .magType : .other
      case UInt8(ascii: "t"): self = Self.equals(bytes, "tsunami") ? .tsunami : .other
      case UInt8(ascii: "s"): self = Self.equals(bytes, "sources") ? .sources : .other
      default: self = .other
      }
    case 8:
      switch key[0] {
      case UInt8(ascii: "f"): self = Self.equals(bytes, "features") ? .features : .other
      case UInt8(ascii: "m"): self = Self.equals(bytes, "metadata") ? .metadata : .other
      case UInt8(ascii: "g"): self = Self.equals(bytes, "geometry") ? .geometry : .other
      default: self = .other
      }
    case 9:
      self = Self.equals(bytes, "generated") ? .generated : .other
    case 10:
      self = Self.equals(bytes, "properties") ? .properties : .other
    case 11:
      self = Self.equals(bytes, "coordinates") ? .coordinates : .other
    default:
      self = .other
    }
  }

  /// The three-letter keys, of which `properties` has ten.
  @inline(__always)
  private static func threeLetterKey(_ bytes: UnsafeBufferPointer<UInt8>, first: UInt8, second: UInt8) -> FeedKey {
    switch first {
    case UInt8(ascii: "m"):
      switch second {
      case UInt8(ascii: "a"): Self.equals(bytes, "mag") ? .mag : .other
      case UInt8(ascii: "m"): Self.equals(bytes, "mmi") ? .mmi : .other
      default: .other
      }
    case UInt8(ascii: "n"):
      switch second {
      case UInt8(ascii: "e"): Self.equals(bytes, "net") ? .net : .other
      case UInt8(ascii: "s"): Self.equals(bytes, "nst") ? .nst : .other
      default: .other
      }
    case UInt8(ascii: "u"): Self.equals(bytes, "url") ? .url : .other
    case UInt8(ascii: "i"): Self.equals(bytes, "ids") ? .ids : .other
    case UInt8(ascii: "c"): Self.equals(bytes, "cdi") ? .cdi : .other
    case UInt8(ascii: "s"): Self.equals(bytes, "sig") ? .sig : .other
    case UInt8(ascii: "r"): Self.equals(bytes, "rms") ? .rms : .other
    case UInt8(ascii: "g"): Self.equals(bytes, "gap") ? .gap : .other
    default: .other
    }
  }

  /// A key expected next, and its bytes.
  struct Prediction {
    let key: FeedKey
    let literal: StaticString
  }

  /// The members of a feature's `properties` in the order USGS writes them
  /// (API 1.0 to 2.x), so the reader predicts each key from the previous one.
  static let propertyOrder: [Prediction] = [
    .init(key: .mag, literal: "mag"), .init(key: .place, literal: "place"), .init(key: .time, literal: "time"),
    .init(key: .updated, literal: "updated"), .init(key: .tz, literal: "tz"), .init(key: .url, literal: "url"),
    .init(key: .detail, literal: "detail"), .init(key: .felt, literal: "felt"), .init(key: .cdi, literal: "cdi"),
    .init(key: .mmi, literal: "mmi"), .init(key: .alert, literal: "alert"), .init(key: .status, literal: "status"),
    .init(key: .tsunami, literal: "tsunami"), .init(key: .sig, literal: "sig"), .init(key: .net, literal: "net"),
    .init(key: .code, literal: "code"), .init(key: .ids, literal: "ids"), .init(key: .sources, literal: "sources"),
    .init(key: .types, literal: "types"), .init(key: .nst, literal: "nst"), .init(key: .dmin, literal: "dmin"),
    .init(key: .rms, literal: "rms"), .init(key: .gap, literal: "gap"), .init(key: .magType, literal: "magType"),
    .init(key: .type, literal: "type"), .init(key: .title, literal: "title"),
  ]

  /// The key whose unescaped bytes are `bytes` (a key written with escapes,
  /// such as `"\u0069d"`, which no real feed has).
  init(unescaped bytes: [UInt8]) {
    self = bytes.withUnsafeBufferPointer { FeedKey($0) }
  }

  /// Whether `bytes` are exactly `literal`.
  @inline(__always)
  static func equals(_ bytes: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
    guard let start = bytes.baseAddress, bytes.count == literal.utf8CodeUnitCount else { return false }
    let expected = literal.utf8Start
    for offset in 0..<literal.utf8CodeUnitCount where start[offset] != expected[offset] {
      return false
    }
    return true
  }
}
