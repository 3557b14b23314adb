import Testing

@testable import QuakesFDSN

/// The texts of events the service keeps between answers: those of one
/// state of the cache, within a bound of memory, the often asked kept.
@Suite("FDSN event service: the texts of events kept between answers")
struct FDSNEventTextsTests {
  static func text(_ id: String, bytes: Int = 1_000) -> [UInt8] {
    Array(id.utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: max(0, bytes - id.utf8.count))
  }

  @Test("a text is kept for its format and its generation alone")
  func keptForItsFormatAndGeneration() throws {
    let texts = FDSNEventTexts(budget: 1 << 20)
    let answer = try #require(texts.answer(in: .xml, generation: 1))
    answer.keep(Self.text("a"), of: "a")
    #expect(texts.text(of: "a", in: .xml, generation: 1) == Self.text("a"))
    #expect(texts.text(of: "a", in: .text, generation: 1) == nil, "another format's text is another text")
    #expect(texts.text(of: "b", in: .xml, generation: 1) == nil)
    #expect(texts.text(of: "a", in: .xml, generation: 2) == nil, "a later generation does not read it")
  }

  @Test("an answer of a later generation forgets every text; one of an earlier generation neither reads nor keeps")
  func generations() throws {
    let texts = FDSNEventTexts(budget: 1 << 20)
    try #require(texts.answer(in: .xml, generation: 5)).keep(Self.text("a"), of: "a")
    #expect(texts.usage.texts == 1)
    #expect(texts.answer(in: .xml, generation: 4) == nil, "an answer that raced a change uses none")
    #expect(texts.text(of: "a", in: .xml, generation: 5) != nil, "and forgets none")
    let later = try #require(texts.answer(in: .geojson, generation: 6))
    #expect(texts.usage.texts == 0, "the change's first answer forgets the texts of the state before")
    later.keep(Self.text("b"), of: "b")
    texts.keep(Self.text("c"), of: "c", in: .geojson, generation: 5)
    #expect(texts.text(of: "c", in: .geojson, generation: 6) == nil, "a text of an older state is not kept")
    #expect(texts.text(of: "b", in: .geojson, generation: 6) != nil)
  }

  @Test("what an answer found stays its own while its page is written, whatever the texts do meanwhile")
  func answerHoldsWhatItFound() throws {
    let texts = FDSNEventTexts(budget: 1 << 20)
    let first = try #require(texts.answer(in: .xml, generation: 1))
    first.keep(Self.text("a"), of: "a")
    let answer = try #require(texts.answer(in: .xml, generation: 1))
    #expect(answer.holds("a") && !answer.holds("b"))
    _ = texts.answer(in: .xml, generation: 2)
    #expect(texts.usage.texts == 0)
    #expect(answer.text(of: "a") == Self.text("a"), "found before the change, written as found")
    #expect(answer.text(of: "b") == nil)
  }

  @Test("the texts never take more than the budget; the recent and the often asked stay")
  func boundedMemory() throws {
    let budget = 64 * 1_024
    let texts = FDSNEventTexts(budget: budget)
    let answer = try #require(texts.answer(in: .xml, generation: 1))
    answer.keep(Self.text("often"), of: "often")
    for index in 0..<1_000 {
      answer.keep(Self.text("q\(index)", bytes: 500 + index % 700), of: "q\(index)")
      #expect(texts.usage.bytes <= budget, "after \(index + 1) texts: \(texts.usage.bytes) bytes")
      if index % 10 == 0 { #expect(answer.holds("often"), "asked every tenth text, it stays (\(index))") }
    }
    #expect(answer.holds("q999"), "the last kept is there")
    #expect(!answer.holds("q0"), "the first of a thousand is gone")
    #expect(texts.usage.texts > 20, "the budget is used, not emptied: \(texts.usage.texts)")
  }

  @Test("no budget keeps nothing; a text larger than half the budget is not kept")
  func noBudget() throws {
    let none = FDSNEventTexts(budget: 0)
    #expect(none.answer(in: .xml, generation: 1) == nil)
    none.keep(Self.text("a"), of: "a", in: .xml, generation: 1)
    #expect(none.usage.texts == 0 && none.text(of: "a", in: .xml, generation: 1) == nil)
    let small = FDSNEventTexts(budget: 4_096)
    let answer = try #require(small.answer(in: .text, generation: 1))
    answer.keep(Self.text("big", bytes: 3_000), of: "big")
    answer.keep(Self.text("fits", bytes: 1_000), of: "fits")
    #expect(!answer.holds("big") && answer.holds("fits"))
  }
}
