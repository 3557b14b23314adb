import Foundation
import QuakesData
import QuakesModel

// The feed's top level: a FeatureCollection object with `type`, `metadata`
// and `features` (and `bbox`, which is skipped), in any order.
extension FeedScanner {
  /// Decodes the whole body.
  mutating func decodeDocument() throws(FeedDecodingError) -> FeedBatch {
    // A UTF-8 byte order mark is not JSON, but harmless: skip it.
    if self.count >= 3, self.base[0] == 0xEF, self.base[1] == 0xBB, self.base[2] == 0xBF {
      self.index = 3
    }
    self.skipWhitespace()
    guard self.index < self.count else {
      throw FeedDecodingError(
        "not a GeoJSON feed: the body is empty (\(Plural.count(self.count, "byte")) of whitespace)")
    }
    guard self.base[self.index] == UInt8(ascii: "{") else { throw try self.notAnObject() }
    return try self.readFeatureCollection()
  }

  /// Reads the top-level object at ``index`` and checks that it is a
  /// FeatureCollection: `type`, when present, is `"FeatureCollection"`, and
  /// `features` is an array.
  private mutating func readFeatureCollection() throws(FeedDecodingError) -> FeedBatch {
    var batch = FeedBatch(quakes: [])
    var type: String?
    var typeKind: String?
    var hasFeatures = false
    var featuresKind: String?
    var expectedCount: Int?
    var keyOffsets: [Int] = []
    if try self.enterObject() {
      repeat {
        if keyOffsets.count < 8 { keyOffsets.append(self.index) }
        let (key, first) = try self.readKey()
        switch key {
        case .type where first == UInt8(ascii: "\""):
          (type, typeKind) = (try self.readString(), nil)
        case .type:
          (type, typeKind) = (nil, Self.kind(of: first))
          try self.skipValue()
        case .metadata where first == UInt8(ascii: "{"):
          try self.readMetadata(generated: &batch.generated, count: &expectedCount)
        case .features where first == UInt8(ascii: "["):
          (hasFeatures, featuresKind) = (true, nil)
          try self.readFeatures(into: &batch, expectedCount: expectedCount)
        case .features:
          (hasFeatures, featuresKind) = (false, Self.kind(of: first))
          try self.skipValue()
        default:
          try self.skipValue()
        }
      } while try self.nextMember()
    }
    self.skipWhitespace()
    guard self.index == self.count else {
      throw self.invalid(expected: "the end of the body after the top-level object")
    }
    if let typeKind {
      throw FeedDecodingError("not a GeoJSON FeatureCollection: its \"type\" is \(typeKind), not a string")
    }
    if let type, type != "FeatureCollection" {
      throw FeedDecodingError(
        "not a GeoJSON FeatureCollection: its \"type\" is \"\(type.prefix(60))\", not \"FeatureCollection\"")
    }
    if let featuresKind {
      throw FeedDecodingError("not a GeoJSON FeatureCollection: its \"features\" is \(featuresKind), not an array")
    }
    guard hasFeatures else {
      throw FeedDecodingError(
        "not a GeoJSON FeatureCollection: the top-level object has no \"features\" array"
          + " (its keys: \(self.keyList(keyOffsets)))")
    }
    return batch
  }

  /// Reads the `metadata` object at ``index``: `generated` (epoch
  /// milliseconds) and `count` (a hint for the array's capacity).
  private mutating func readMetadata(generated: inout Date?, count: inout Int?) throws(FeedDecodingError) {
    generated = nil
    guard try self.enterObject() else { return }
    repeat {
      let (key, first) = try self.readKey()
      switch key {
      case .generated where Self.startsNumber(first):
        generated = self.int64(try self.scanNumber()).flatMap { milliseconds in
          QuakeRanges.milliseconds.contains(milliseconds) ? Timestamp.date(milliseconds: milliseconds) : nil
        }
      case .generated:
        generated = nil
        try self.skipValue()
      case .count where Self.startsNumber(first):
        count = self.int64(try self.scanNumber()).map { Int(truncatingIfNeeded: $0) }
      default:
        try self.skipValue()
      }
    } while try self.nextMember()
  }

  /// Reads the `features` array at ``index`` into `batch` (replacing what an
  /// earlier `features` member put there).
  private mutating func readFeatures(into batch: inout FeedBatch, expectedCount: Int?) throws(FeedDecodingError) {
    batch.quakes = []
    batch.skippedFeatures = 0
    batch.otherIds = [:]
    // A feature takes about 700 bytes; `metadata.count` says exactly, but is
    // only trusted as far as the bytes left could hold.
    let bytesLeft = self.count &- self.index
    batch.quakes.reserveCapacity(expectedCount.map { min(max($0, 0), bytesLeft / 128) } ?? bytesLeft / 1024)
    guard try self.enterArray(.features) else { return }
    var position = 0
    repeat {
      position &+= 1
      self.feature = position
      if self.base[self.index] == UInt8(ascii: "{") {
        if let quake = try self.readFeature(otherIds: &batch.otherIds) {
          batch.quakes.append(quake)
        } else {
          batch.skippedFeatures &+= 1
        }
      } else {
        try self.skipValue()
        batch.skippedFeatures &+= 1
      }
    } while try self.nextElement(.features)
    self.feature = 0
  }

  /// What a JSON value that starts with `byte` is, for a message.
  static func kind(of byte: UInt8) -> String {
    switch byte {
    case UInt8(ascii: "{"): "an object"
    case UInt8(ascii: "["): "an array"
    case UInt8(ascii: "\""): "a string"
    case UInt8(ascii: "t"), UInt8(ascii: "f"): "a boolean"
    case UInt8(ascii: "n"): "null"
    default: "a number"
    }
  }

  /// The keys whose opening quotes are at `offsets`, quoted and listed.
  private func keyList(_ offsets: [Int]) -> String {
    guard !offsets.isEmpty else { return "none" }
    var names: [String] = []
    for offset in offsets {
      var reader = self
      reader.index = offset
      let name = (try? reader.readString()) ?? "?"
      names.append("\"\(name.prefix(40))\"")
    }
    return names.joined(separator: ", ")
  }
}
