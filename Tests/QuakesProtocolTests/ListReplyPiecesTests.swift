import Foundation
import QuakesModel
import QuakesProtocol
import Testing
import USGSStandIn

@Suite("ListReplyPieces: a long list written as it is encoded")
struct ListReplyPiecesTests {
  private static func page(_ count: Int, seed: UInt64, measured: Bool = false) -> QuakesPage {
    var random = RandomQuakes(seed: seed)
    // Every other page counted its matches, as a request may ask or not.
    return QuakesPage(
      matched: seed % 2 == 0 ? count + 7 : nil, quakes: (0..<count).map { _ in random.quake() },
      origin: measured ? GeoPoint(latitude: -33.9, longitude: 151.2) : nil, hasMore: true)
  }

  private static func pieces(_ page: QuakesPage, id: JSONScalar? = .integer(9), more: Bool) throws -> [[UInt8]] {
    var pieces = try ListReplyPieces(id: id, page: page, more: more)
    var all: [[UInt8]] = []
    while let piece = pieces.next() { all.append(piece) }
    return all
  }

  /// The reply written whole through `JSONEncoder`.
  private static func wholeLine(_ page: QuakesPage, id: JSONScalar? = .integer(9)) throws -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return Array(try Reply.line(id: id, encodedResult: encoder.encode(ListResult(page))))
  }

  @Test(
    "without more: the pieces, joined, are the line JSONEncoder writes; each holds about 64 KiB",
    arguments: [0, 1, 499, 500, 501, 2_345])
  func oneLine(count: Int) throws {
    let page = Self.page(count, seed: UInt64(count), measured: count % 2 == 1)
    let pieces = try Self.pieces(page, more: false)
    #expect(pieces.joined().elementsEqual(try Self.wholeLine(page)))
    #expect(pieces.dropLast().allSatisfy { $0.count >= ListReplyPieces.pieceBytes })
    #expect(pieces.allSatisfy { $0.count < ListReplyPieces.pieceBytes + 64 * 1024 }, "a piece is one quake over")
    #expect(pieces.joined().filter { $0 == UInt8(ascii: "\n") }.count == 1)
  }

  @Test(
    "with more: lines of at most 500 quakes, each a whole result with the same matched, all but the last continuing",
    arguments: [0, 1, 500, 501, 1_234])
  func lines(count: Int) throws {
    let page = Self.page(count, seed: 77 + UInt64(count))
    let lines = try Self.pieces(page, id: .string("s"), more: true)
    #expect(lines.count == max(1, (count + 499) / 500))
    var quakes: [Any] = []
    for (index, line) in lines.enumerated() {
      #expect(line.last == UInt8(ascii: "\n") && line.dropLast().allSatisfy { $0 != UInt8(ascii: "\n") })
      let object = try #require(try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any])
      let result = try #require(object["result"] as? [String: Any])
      let lineQuakes = try #require(result["quakes"] as? [Any])
      #expect(object["continues"] as? Bool == (index < lines.count - 1 ? true : nil))
      #expect(object["id"] as? String == "s")
      #expect(result["matched"] as? Int == page.matched)
      #expect(result["hasMore"] as? Bool == true)
      #expect(lineQuakes.count <= ListReplyPieces.quakesPerLine)
      quakes += lineQuakes
    }
    let whole = try #require(try JSONSerialization.jsonObject(with: Data(try Self.wholeLine(page))) as? [String: Any])
    let wholeQuakes = try #require((whole["result"] as? [String: Any])?["quakes"] as? [Any])
    #expect(NSArray(array: quakes).isEqual(to: wholeQuakes), "the lines hold the page's quakes, in order")
  }

  @Test("a page of one line's quakes is the same line with or without more")
  func shortPage() throws {
    let page = Self.page(12, seed: 5)
    #expect(try Self.pieces(page, id: nil, more: true) == [try Self.wholeLine(page, id: nil)])
    #expect(try Self.pieces(page, id: nil, more: false).joined().elementsEqual(try Self.wholeLine(page, id: nil)))
  }

  /// A cursor hands the encoder pages of any size (here 0 to 700 quakes);
  /// the server reads one page ahead, so it says which batch is the last.
  @Test(
    "fed in batches of random sizes, the encoder writes the bytes ListReplyPieces writes from the whole page",
    arguments: [0, 1, 499, 500, 1_000, 1_777])
  func batches(count: Int) throws {
    let seed = 0xBA7C_0000 + UInt64(count)
    var random = SplitMix64(seed: seed)
    for more in [false, true] {
      let page = Self.page(count, seed: UInt64(count), measured: more)
      var encoder = try ListReplyEncoder(
        id: .integer(9), hasMore: page.hasMore, matched: page.matched, origin: page.origin, more: more)
      var written: [[UInt8]] = []
      var start = 0
      repeat {
        let end = min(count, start + Int.random(in: 0...700, using: &random))
        let isLast = end == count
        encoder.pieces(of: page.quakes[start..<end], isLast: isLast) { written.append($0) }
        start = end
        if isLast { break }
      } while true
      #expect(
        written.joined().elementsEqual(try Self.pieces(page, more: more).joined()),
        "\(count) quakes, more: \(more) (seed \(seed))")
      #expect(written.allSatisfy { $0.count < ListReplyPieces.pieceBytes + 64 * 1024 || more })
    }
  }
}
