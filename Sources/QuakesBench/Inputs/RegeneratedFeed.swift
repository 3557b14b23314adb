import QuakesUSGS

/// A feed as USGS serves it again when it regenerates it and nothing in it
/// changed: every byte the same but `metadata.generated`, which is later.
///
/// quakesd's reducer skips a batch whose `generated` equals the one it last
/// applied, so sending the same body again measures fetch, decode and that
/// skip. With a new `generated` it decodes, reduces and diffs every quake and
/// finds nothing to write: the "same quakes again" the ingest comparison
/// needs to measure honestly.
enum RegeneratedFeed {
  /// `feed` with its `metadata.generated` moved `milliseconds` later.
  ///
  /// - Throws: ``MeasuredRun/Failure`` when `feed` has no `metadata.generated`,
  ///   or when the result does not decode to the same quakes with the later
  ///   `generated` (checked with our decoder, so a wrong edit cannot pass).
  static func body(of feed: [UInt8], generatedLaterBy milliseconds: Int64) throws -> [UInt8] {
    guard let metadata = self.find("\"metadata\"", in: feed, from: 0),
      let key = self.find("\"generated\"", in: feed, from: metadata)
    else {
      throw MeasuredRun.Failure(description: "the feed has no metadata.generated")
    }
    var start = key + "\"generated\"".utf8.count
    while start < feed.count,
      [UInt8(ascii: " "), UInt8(ascii: ":"), UInt8(ascii: "\n"), UInt8(ascii: "\t")].contains(feed[start])
    {
      start += 1
    }
    var end = start
    while end < feed.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(feed[end]) {
      end += 1
    }
    guard let generated = Int64(String(decoding: feed[start..<end], as: UTF8.self)) else {
      throw MeasuredRun.Failure(description: "the feed's metadata.generated is not a number of milliseconds")
    }
    var regenerated = feed
    regenerated.replaceSubrange(start..<end, with: Array(String(generated + milliseconds).utf8))
    try self.check(regenerated, against: feed, generatedLaterBy: milliseconds)
    return regenerated
  }

  private static func check(_ regenerated: [UInt8], against feed: [UInt8], generatedLaterBy milliseconds: Int64) throws
  {
    let before = try GeoJSONFeedDecoder.decode(feed)
    let after = try GeoJSONFeedDecoder.decode(regenerated)
    guard let old = before.generated, let new = after.generated,
      Int64((new.timeIntervalSince(old) * 1_000).rounded()) == milliseconds, after.quakes == before.quakes
    else {
      throw MeasuredRun.Failure(
        description: "the regenerated feed does not decode to the same quakes with a later metadata.generated")
    }
  }

  private static func find(_ needle: String, in bytes: [UInt8], from start: Int) -> Int? {
    let needle = Array(needle.utf8)
    guard bytes.count >= needle.count, start <= bytes.count - needle.count else { return nil }
    return (start...(bytes.count - needle.count)).first { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
  }
}
