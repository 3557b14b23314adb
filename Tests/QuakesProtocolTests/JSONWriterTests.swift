import Foundation
import QuakesModel
import QuakesProtocol
import Testing

@Suite("JSON writer: the same bytes as JSONEncoder, without its cost")
struct JSONWriterTests {
  /// The wire's encoder, as `WireJSON` configures it.
  private static func encoded(_ value: some Encodable) throws -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return Array(try encoder.encode(value))
  }

  private static func written(_ value: some JSONWritable) throws -> [UInt8] {
    var buffer = JSONBuffer()
    try value.writeJSON(to: &buffer)
    return buffer.bytes
  }

  private static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  @Test("5,000 random quakes, alone, in a list with and without measurements, and as a get result")
  func randomQuakes() throws {
    var random = RandomQuakes(seed: 0x5EED_1501)
    for _ in 0..<5_000 {
      let quake = random.quake()
      var alone = JSONBuffer()
      quake.writeJSON(to: &alone)
      #expect(Self.text(alone.bytes) == Self.text(try Self.encoded(quake)))
      let listed =
        random.chance(0.5)
        ? ListedQuake(quake, from: GeoPoint(latitude: random.coordinate(90), longitude: random.coordinate(180)))
        : ListedQuake(quake)
      #expect(Self.text(try Self.written(listed)) == Self.text(try Self.encoded(listed)))
      let result = QuakeResult(quake: quake)
      #expect(Self.text(try Self.written(result)) == Self.text(try Self.encoded(result)))
    }
  }

  @Test("list results and watch events of random quakes, every member present or absent")
  func randomResults() throws {
    var random = RandomQuakes(seed: 0x11_57ED)
    for _ in 0..<300 {
      let quakes = (0..<random.below(6)).map { _ in random.quake() }
      let page = QuakesPage(
        matched: random.chance(0.5) ? random.below(100) : nil, quakes: quakes,
        origin: random.chance(0.5) ? GeoPoint(latitude: 47.6, longitude: -122.3) : nil, hasMore: random.chance(0.5))
      let list = ListResult(page)
      #expect(Self.text(try Self.written(list)) == Self.text(try Self.encoded(list)))
      let event = WatchEvent(
        event: WatchEventKind.allCases[random.below(WatchEventKind.allCases.count)],
        status: random.chance(0.3) ? Self.status : nil,
        feed: random.chance(0.5) ? random.text() : nil,
        inserted: random.chance(0.5) ? quakes : nil,
        updated: random.chance(0.5) ? quakes.reversed() : nil,
        deleted: random.chance(0.5) ? quakes.map(\.id) : nil,
        count: random.chance(0.5) ? random.below(1000) : nil)
      #expect(Self.text(try Self.written(event)) == Self.text(try Self.encoded(event)))
    }
  }

  @Test("a number JSON cannot hold is written null instead of failing the reply")
  func nonFiniteNumbers() {
    for value in [Double.nan, .infinity, -.infinity] {
      var buffer = JSONBuffer()
      buffer.append(value)
      #expect(Self.text(buffer.bytes) == "null")
    }
    let quake = Quake(
      id: "x", magnitude: .nan, time: Date(timeIntervalSince1970: 0), updated: Date(timeIntervalSince1970: 0),
      place: nil, longitude: .infinity, latitude: 0)
    let listed = ListedQuake(quake, from: GeoPoint(latitude: 0, longitude: 0))
    let json = Self.text((try? Self.written(listed)) ?? [])
    #expect(json.contains(#""magnitude":null"#))
    #expect(json.contains(#""longitude":null"#))
    #expect((try? JSONSerialization.jsonObject(with: Data(json.utf8))) != nil)
    let reply = (try? Reply.line(id: nil, result: QuakeResult(quake: quake))).map {
      String(decoding: $0, as: UTF8.self)
    }
    #expect(reply?.contains(#""magnitude":null"#) == true, "a reply takes the writer's path, which cannot fail")
  }

  @Test("times: every field zero-padded, years beyond four digits and before year 0 as Timestamp writes them")
  func timestamps() {
    for milliseconds: Int64 in [0, -1, 1, 86_399_999, -62_167_219_200_001, 253_402_300_800_000, 1_647_339_723_123] {
      let date = Timestamp.date(milliseconds: milliseconds)
      var buffer = JSONBuffer()
      buffer.append(timestamp: date)
      #expect(Self.text(buffer.bytes) == "\"" + Timestamp.iso8601(date) + "\"")
    }
  }

  private static let status = StatusResult(
    daemon: .init(version: "1.0", pid: 42, startedAt: "2026-11-24T00:00:00.000Z"),
    cache: .init(count: 3, state: .loaded), database: .init(path: "/var/lib/quakesd/quakes.sqlite", sizeBytes: 4096),
    feeds: [])
}
