package import Foundation
import QuakesClient
import QuakesModel

/// Events in one of the service's formats, written a piece at a time:
/// ``pieces`` makes the text of `eventsPerPiece` events at once, as the
/// connection takes them, so an answer is never held whole as text.
package struct FDSNEventDocument: Sendable {
  let format: FDSNFormat
  let quakes: [Quake]
  /// When the answer was made (GeoJSON's `generated`).
  let now: Date
  /// The slot its events take in memory, given back when the document is gone.
  let slot: AnswerSlots.Slot?

  /// How many events one piece holds.
  static let eventsPerPiece = 256

  /// The number of pieces: the opening, the events' and the closing.
  package var pieceCount: Int {
    2 + (self.quakes.count + Self.eventsPerPiece - 1) / Self.eventsPerPiece
  }

  /// Piece `index`, from 0 to ``pieceCount`` − 1.
  ///
  /// - Throws: when a GeoJSON feature cannot be encoded.
  package func piece(_ index: Int) throws -> Data {
    let output = QuakeOutput(utc: true, colour: false, now: self.now)
    if index == 0 {
      switch self.format {
      case .xml: return Data(QuakeMLWriter.opening.utf8)
      case .text: return Data(FDSNTextWriter.header.utf8)
      case .geojson: return QuakeOutput.geoJSONOpening
      }
    }
    if index == self.pieceCount - 1 {
      switch self.format {
      case .xml: return Data(QuakeMLWriter.closing.utf8)
      case .text: return Data()
      case .geojson: return try output.geoJSONClosing(count: self.quakes.count)
      }
    }
    let start = (index - 1) * Self.eventsPerPiece
    let events = self.quakes[start..<min(start + Self.eventsPerPiece, self.quakes.count)]
    switch self.format {
    case .xml: return Data(events.map(QuakeMLWriter.event).joined().utf8)
    case .text: return Data(events.map(FDSNTextWriter.line).joined().utf8)
    case .geojson:
      var data = Data()
      for (offset, quake) in zip(start..., events) {
        if offset > 0 { data.append(UInt8(ascii: ",")) }
        data.append(try output.geoJSONFeature(quake))
      }
      return data
    }
  }
}
