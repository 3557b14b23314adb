import Foundation
import QuakesData
import Testing
import USGSStandIn

/// The search's own folding of places, against Foundation's, which the
/// search promised first ("san jose" finds "San José").
@Suite("Folding places for search")
struct FoldingTests {
  @Test(
    "a search is found in a place exactly when its folded bytes occur in the place's folded haystack (what the database's full-text index holds)"
  )
  func foldedHaystackIsWhatSearchLooksIn() {
    var random = SplitMix64(seed: 0x5EA2C4)
    let pieces = [
      "San José", "PĀHALA", "Reykjavík", "straße", "İzmit", "東京", "km N of ", "Alaska", "e\u{301}", "ß", "ﬁ", "Ω",
      "ǅ", "ı", "K", " ", ",", "a", "SS",
    ]
    for _ in 0..<5_000 {
      let place = (0..<(1 + random.next(below: 4))).map { _ in pieces[random.next(below: pieces.count)] }.joined()
      let search = SearchText(pieces[random.next(below: pieces.count)] + pieces[random.next(below: pieces.count)])
      let haystack = SearchText.foldedHaystack(place)
      let occurs =
        search.bytes.isEmpty
        || (search.bytes.count <= haystack.count
          && (0...(haystack.count - search.bytes.count)).contains { start in
            haystack[start..<(start + search.bytes.count)].elementsEqual(search.bytes)
          })
      #expect(search.isFound(in: place) == occurs, "\(place) / \(String(decoding: search.bytes, as: UTF8.self))")
    }
  }

  @Test("every scalar of the table, alone and between others, folds as Foundation folds it")
  func agreesWithFoundation() {
    var random = SplitMix64(seed: 0xF01D)
    let scalars = (0x20...0x36F).compactMap(Unicode.Scalar.init).filter { $0.value < 0x7F || $0.value >= 0xA0 }
    var checked = 0
    for _ in 0..<20_000 {
      var text = String.UnicodeScalarView()
      for _ in 0..<(1 + random.next(below: 6)) {
        text.append(scalars[random.next(below: scalars.count)])
      }
      let string = String(text)
      var copy = string
      guard let folded = copy.withUTF8({ Folding.table.fold($0) }) else { continue }
      checked += 1
      #expect(
        String(decoding: folded, as: UTF8.self) == Folding.byFoundation(string),
        "\(string.unicodeScalars.map { String($0.value, radix: 16) })")
    }
    // Many texts stay within the table (what is outside it goes to Foundation).
    #expect(checked > 5_000)
  }

  @Test(
    "places of real feeds: Hawaiian, Spanish, a combining accent",
    arguments: [
      ("2 km NNE of Pāhala, Hawaii", "2 km nne of pahala, hawaii"),
      ("40 km S of San José, Costa Rica", "40 km s of san jose, costa rica"),
      ("Ciudad Hidalgo, Mexico", "ciudad hidalgo, mexico"),
      ("Jose\u{301}", "jose"),
      ("ÅLESUND, NORWAY", "alesund, norway"),
    ])
  func realPlaces(place: String, expected: String) {
    var copy = place
    let folded = copy.withUTF8 { Folding.table.fold($0) }
    #expect(folded.map { String(decoding: $0, as: UTF8.self) } == expected)
    #expect(Folding.byFoundation(place) == expected)
  }
}
