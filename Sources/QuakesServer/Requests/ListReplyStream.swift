package import Foundation
import QuakesData
import QuakesModel
package import QuakesProtocol

/// The reply to a `quakes.list` with no limit, written from a cursor a page
/// at a time: every cached quake can be asked for at once, and the daemon
/// holds one page and its encoding, not the list (a list of 100,000 read
/// whole first took 0.6 s to its first byte and 37 MiB; docs/protocol.md).
///
/// It reads one page ahead, so that the reply's last line is known as the
/// last when it is written; the bytes are those of ``ListReplyPieces`` for
/// the same quakes.
package struct ListReplyStream: Sendable {
  private var encoder: ListReplyEncoder
  private let cursor: any QuakesCursor
  private let reader: CatalogueReader
  private let id: JSONScalar?
  private let more: Bool
  /// Held until the stream is gone: one of the few cursors open at once.
  private let slot: AnswerSlots.Slot
  private var pages: [[Quake]] = []
  private var cursorEnded = false
  private var isDone = false
  private var hasWritten = false

  /// The reply to request `id`, from `cursor` through `reader`, holding `slot`.
  init(
    encoder: ListReplyEncoder, cursor: any QuakesCursor, reader: CatalogueReader, id: JSONScalar?, more: Bool,
    slot: AnswerSlots.Slot
  ) {
    self.slot = slot
    self.encoder = encoder
    self.cursor = cursor
    self.reader = reader
    self.id = id
    self.more = more
  }

  /// The pieces of the next page; `nil` once the reply is written whole.
  ///
  /// - Throws: ``ProtocolError`` when the database cannot be read; the
  ///   reply is then cut short (``errorLine(_:)``).
  package mutating func next() async throws(ProtocolError) -> [[UInt8]]? {
    guard !self.isDone else { return nil }
    while self.pages.count < 2, !self.cursorEnded {
      if let page = try await self.reader.next(of: self.cursor) {
        self.pages.append(page)
      } else {
        self.cursorEnded = true
      }
    }
    let page = self.pages.isEmpty ? [] : self.pages.removeFirst()
    let isLast = self.pages.isEmpty
    var pieces: [[UInt8]] = []
    self.encoder.pieces(of: page, isLast: isLast) { pieces.append($0) }
    self.isDone = isLast
    self.hasWritten = self.hasWritten || !pieces.isEmpty
    return pieces
  }

  /// The line that ends a reply cut short by `error`: an error reply after
  /// whole lines (`"more":true`); `nil` in the middle of a single line,
  /// which the client can only see end with the connection.
  package func errorLine(_ error: ProtocolError) -> Data? {
    guard self.more || !self.hasWritten else { return nil }
    return Reply.line(id: self.id, error: error)
  }
}
