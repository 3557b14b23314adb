import NIOCore
import Testing

@testable import QuakesServer

/// The replies to one read's requests are written together, in order,
/// when the read's requests are answered, or at once when they reach
/// ``ReplyBatch/byteLimit`` bytes.
@Suite("Reply batches: one write for the replies of one read, bounded")
struct ReplyBatchTests {
  private func reply(_ text: String, bytes: Int = 0) -> ByteBuffer {
    ByteBuffer(string: text + String(repeating: " ", count: max(0, bytes - text.utf8.count)) + "\n")
  }

  /// What the writer wrote, once it is finished.
  private func written(_ sink: NIOAsyncChannelOutboundWriter<ByteBuffer>.TestSink) async -> [String] {
    var lines: [String] = []
    for await buffer in sink {
      lines.append(String(buffer: buffer).trimmingCharacters(in: .whitespacesAndNewlines))
    }
    return lines
  }

  @Test("small replies wait for the end of the read; then they are written in order")
  func smallRepliesWaitForTheRead() async throws {
    let activity = ConnectionActivity()
    let (outbound, sink) = NIOAsyncChannelOutboundWriter<ByteBuffer>.makeTestingWriter()
    var batch = ReplyBatch()
    try await batch.add(self.reply("1"), to: outbound, activity)
    try await batch.add(self.reply("2"), to: outbound, activity)
    try await batch.send(to: outbound, activity)
    try await batch.add(self.reply("3"), to: outbound, activity)
    outbound.finish()
    #expect(await self.written(sink) == ["1", "2"], "3 was never sent: the read it answers had not ended")
  }

  @Test("replies that reach the byte limit are written at once, so a batch holds about that much")
  func aFullBatchIsWrittenAtOnce() async throws {
    let activity = ConnectionActivity()
    let (outbound, sink) = NIOAsyncChannelOutboundWriter<ByteBuffer>.makeTestingWriter()
    var batch = ReplyBatch()
    let half = ReplyBatch.byteLimit / 2
    try await batch.add(self.reply("a", bytes: half), to: outbound, activity)
    try await batch.add(self.reply("b", bytes: half), to: outbound, activity)
    try await batch.add(self.reply("c"), to: outbound, activity)
    outbound.finish()
    #expect(await self.written(sink) == ["a", "b"])
  }
}
