import QuakesProtocol
import Testing

@Suite("LineFramer: newline-delimited frames with a length cap")
struct LineFramerTests {
  private func lines(_ text: String) -> LineFramer.Frame {
    .line(Array(text.utf8))
  }

  @Test("lines split across reads come out whole, in order; a partial line waits")
  func splitReads() {
    var framer = LineFramer()
    #expect(framer.append(Array("{\"a\":1}\n{\"b\"".utf8)) == [self.lines("{\"a\":1}")])
    #expect(framer.bufferedCount == 4)
    #expect(framer.append(Array(":2}\n\n  \n{}\r\n".utf8)) == [self.lines("{\"b\":2}"), self.lines("{}")])
    #expect(framer.bufferedCount == 0)
  }

  @Test("a line of exactly the cap passes; one byte more is too long, reported once, and the next line works")
  func cap() {
    var framer = LineFramer(maxLength: 8)
    #expect(framer.append(Array("12345678\n".utf8)) == [self.lines("12345678")])
    #expect(framer.append(Array("123456789\nok\n".utf8)) == [.tooLong, self.lines("ok")])
  }

  @Test("an over-long line arriving in many reads is reported as soon as it passes the cap, then discarded to its newline")
  func longLineAcrossReads() {
    var framer = LineFramer(maxLength: 8)
    #expect(framer.append(Array("12345".utf8)) == [])
    #expect(framer.append(Array("67890".utf8)) == [.tooLong])
    #expect(framer.bufferedCount == 0, "the framer holds no more than the cap")
    #expect(framer.append(Array(String(repeating: "x", count: 100).utf8)) == [])
    #expect(framer.append(Array("tail\n{}\n".utf8)) == [self.lines("{}")])
  }
}
