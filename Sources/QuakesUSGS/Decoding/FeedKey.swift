/// The object keys the feed decoder reads, told apart by their bytes.
///
/// One classification serves every level (top level, `metadata`, a
/// feature, its `properties`, its `geometry`); each reader acts on the keys
/// it knows and skips the value of any other.
enum FeedKey {
  case type, features, metadata, generated, count
  case id, properties, geometry, coordinates
  case mag, magType, place, time, updated, url, status, ids
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
      self = Self.equals(bytes, "id") ? .id : .other
    case 3:
      switch key[0] {
      case UInt8(ascii: "m"): self = Self.equals(bytes, "mag") ? .mag : .other
      case UInt8(ascii: "u"): self = Self.equals(bytes, "url") ? .url : .other
      case UInt8(ascii: "i"): self = Self.equals(bytes, "ids") ? .ids : .other
      default: self = .other
      }
    case 4:
      switch key[1] {
      case UInt8(ascii: "y"): self = Self.equals(bytes, "type") ? .type : .other
      case UInt8(ascii: "i"): self = Self.equals(bytes, "time") ? .time : .other
      default: self = .other
      }
    case 5:
      switch key[0] {
      case UInt8(ascii: "p"): self = Self.equals(bytes, "place") ? .place : .other
      case UInt8(ascii: "c"): self = Self.equals(bytes, "count") ? .count : .other
      default: self = .other
      }
    case 6:
      self = Self.equals(bytes, "status") ? .status : .other
    case 7:
      switch key[0] {
      case UInt8(ascii: "u"): self = Self.equals(bytes, "updated") ? .updated : .other
      case UInt8(ascii: "m"): self = Self.equals(bytes, "magType") ? .magType : .other
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
