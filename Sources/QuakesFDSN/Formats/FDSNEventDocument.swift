import Foundation
import QuakesData
import QuakesModel
import QuakesServer

/// A long answer, written a piece at a time: each ``nextPiece()`` makes
/// the text of one page of events, read from a ``QuakesCursor`` as the
/// connection asks for it, so that neither the text nor the events of the
/// answer are ever held whole.
package actor FDSNEventDocument {
  private enum Part {
    case opening
    case events
    case done
  }

  private let writer: FDSNEventWriter
  private let cursor: any QuakesCursor
  /// The slot the answer takes (``AnswerSlots``), given back when the
  /// document is gone.
  private let slot: AnswerSlots.Slot?
  private var next = Part.opening
  /// The page read before the answer began, written after the opening.
  private var first: [Quake]?
  /// The events written so far.
  private var written = 0

  /// The document of `first`, a page already read from `cursor`, then of
  /// the pages `cursor` gives.
  init(format: FDSNFormat, first: [Quake], cursor: any QuakesCursor, now: Date, slot: AnswerSlots.Slot? = nil) {
    self.writer = FDSNEventWriter(format: format, now: now)
    self.first = first
    self.cursor = cursor
    self.slot = slot
  }

  /// The next piece: the opening, then one page of events at a time, the
  /// last of them followed by the closing; `nil` after that.
  ///
  /// - Throws: when the events cannot be read, or a GeoJSON feature
  ///   cannot be encoded.
  package func nextPiece() async throws -> [UInt8]? {
    var bytes: [UInt8] = []
    switch self.next {
    case .opening:
      self.next = .events
      self.writer.appendOpening(to: &bytes)
    case .events:
      var page = self.first
      self.first = nil
      if page == nil { page = try await self.cursor.next() }
      guard let quakes = page else {
        self.next = .done
        try self.writer.appendClosing(count: self.written, to: &bytes)
        return bytes
      }
      bytes.reserveCapacity(quakes.count * QuakeMLWriter.eventBytes)
      try self.writer.append(quakes, after: self.written, to: &bytes)
      self.written += quakes.count
    case .done:
      return nil
    }
    return bytes
  }
}
