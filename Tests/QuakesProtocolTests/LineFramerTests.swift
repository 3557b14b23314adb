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

  @Test(
    "an over-long line arriving in many reads is reported as soon as it passes the cap, then discarded to its newline")
  func longLineAcrossReads() {
    var framer = LineFramer(maxLength: 8)
    #expect(framer.append(Array("12345".utf8)) == [])
    #expect(framer.append(Array("67890".utf8)) == [.tooLong])
    #expect(framer.bufferedCount == 0, "the framer holds no more than the cap")
    #expect(framer.append(Array(String(repeating: "x", count: 100).utf8)) == [])
    #expect(framer.append(Array("tail\n{}\n".utf8)) == [self.lines("{}")])
  }

  @Test(
    "a long line's memory is given back once it is done, whole, in pieces or too long; short lines keep a small buffer")
  func longLineMemory() {
    var framer = LineFramer()
    let long = Array(String(repeating: "x", count: WireProtocol.maxLineLength).utf8)
    #expect(framer.append(long + [0x0A]) == [.line(long)])
    #expect(
      framer.bufferCapacity <= LineFramer.retainedCapacity, "\(framer.bufferCapacity) bytes kept after one long line")

    for start in stride(from: 0, to: long.count, by: 65_536) {
      #expect(framer.append(long[start..<min(start + 65_536, long.count)]) == [])
    }
    #expect(framer.bufferCapacity >= WireProtocol.maxLineLength, "an unfinished line is held whole")
    #expect(framer.append([0x0A]) == [.line(long)])
    #expect(framer.bufferCapacity <= LineFramer.retainedCapacity)

    #expect(framer.append(long + Array("xx\n".utf8)) == [.tooLong])
    #expect(framer.bufferCapacity <= LineFramer.retainedCapacity)

    #expect(framer.append(Array("{\"a\":1}\n".utf8)) == [self.lines("{\"a\":1}")])
    #expect(framer.bufferCapacity > 0, "a short line's buffer is kept for the next")
  }
}
