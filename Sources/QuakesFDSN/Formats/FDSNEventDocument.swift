package import Foundation
import QuakesClient
package import QuakesData
package import QuakesModel
import QuakesServer

/// Events in one of the service's formats, written a piece at a time:
/// each ``nextPiece()`` makes the text of one page of events as the
/// connection asks for it, reading the page from a ``QuakesCursor`` when
/// the answer is long, so that neither the text nor the events of an
/// answer are ever held whole.
package actor FDSNEventDocument {
  /// Where the events come from.
  package enum Events: Sendable {
    /// A few events, read already (one page, or one event by its id).
    case read([Quake])
    /// Every event of the answer, a page at a time.
    case cursor(any QuakesCursor)
  }

  private enum Part {
    case opening
    case events
    case done
  }

  private let format: FDSNFormat
  private var events: Events
  /// When the answer was made (GeoJSON's `generated`).
  private let now: Date
  /// The slot a cursor's answer takes (``AnswerSlots``), given back when
  /// the document is gone.
  private let slot: AnswerSlots.Slot?
  private var next = Part.opening
  /// The events written so far.
  private var written = 0

  init(format: FDSNFormat, events: Events, now: Date, slot: AnswerSlots.Slot? = nil) {
    self.format = format
    self.events = events
    self.now = now
    self.slot = slot
  }

  /// The next piece: the opening, then one page of events at a time, the
  /// last of them followed by the closing; `nil` after that.
  ///
  /// - Throws: when the events cannot be read, or a GeoJSON feature
  ///   cannot be encoded.
  package func nextPiece() async throws -> Data? {
    switch self.next {
    case .opening:
      self.next = .events
      return self.opening
    case .events:
      guard let quakes = try await self.nextEvents() else {
        self.next = .done
        return try self.closing
      }
      defer { self.written += quakes.count }
      return try self.text(of: quakes)
    case .done:
      return nil
    }
  }

  private func nextEvents() async throws -> [Quake]? {
    switch self.events {
    case .read(let quakes):
      self.events = .read([])
      return quakes.isEmpty ? nil : quakes
    case .cursor(let cursor):
      return try await cursor.next()
    }
  }

  private var opening: Data {
    switch self.format {
    case .xml: Data(QuakeMLWriter.opening.utf8)
    case .text: Data(FDSNTextWriter.header.utf8)
    case .geojson: QuakeOutput.geoJSONOpening
    }
  }

  private var closing: Data {
    get throws {
      switch self.format {
      case .xml: Data(QuakeMLWriter.closing.utf8)
      case .text: Data()
      case .geojson: try self.output.geoJSONClosing(count: self.written)
      }
    }
  }

  private func text(of quakes: [Quake]) throws -> Data {
    switch self.format {
    case .xml:
      var xml: [UInt8] = []
      xml.reserveCapacity(quakes.count * QuakeMLWriter.eventBytes)
      for quake in quakes { QuakeMLWriter.write(quake, to: &xml) }
      return Data(xml)
    case .text: return Data(quakes.map(FDSNTextWriter.line).joined().utf8)
    case .geojson:
      var data = Data()
      for (offset, quake) in zip(self.written..., quakes) {
        if offset > 0 { data.append(UInt8(ascii: ",")) }
        data.append(try self.output.geoJSONFeature(quake))
      }
      return data
    }
  }

  private var output: QuakeOutput { QuakeOutput(utc: true, colour: false, now: self.now) }
}
