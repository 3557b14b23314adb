import Testing

@testable import QuakesBench

/// The report's statistics: median and spread of repeated measurements.
@Suite("Benchmark samples")
struct SamplesTests {
  @Test("the median of an odd count is the middle value, of an even count the mean of the two middle ones")
  func median() {
    #expect(Samples([5, 1, 3]).median == 3)
    #expect(Samples([4, 1, 3, 2]).median == 2.5)
  }

  @Test("text gives median and min–max; no samples read as a dash")
  func text() {
    #expect(Samples([2, 1, 9]).text(1) == "2.0 (1.0–9.0)")
    #expect(Samples().text() == "—")
    #expect(Samples([1.25, 3]).raw(2) == "1.25, 3.00")
  }
}
