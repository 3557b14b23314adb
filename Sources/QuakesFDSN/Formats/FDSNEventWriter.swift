import Foundation
import QuakesClient
import QuakesModel

/// Writes events in one of the service's formats, part by part: the
/// opening, the events a page at a time, the closing. A short answer is
/// all three at once (``whole(_:)``); a long one is written a page at a
/// time by ``FDSNEventDocument``.
struct FDSNEventWriter: Sendable {
  let format: FDSNFormat
  /// When the answer was made (GeoJSON's `generated`).
  let now: Date

  /// The whole answer of `quakes`.
  ///
  /// - Throws: when a GeoJSON feature cannot be encoded.
  func whole(_ quakes: [Quake]) throws -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(quakes.count * QuakeMLWriter.eventBytes + 1_024)
    self.appendOpening(to: &bytes)
    try self.append(quakes, after: 0, to: &bytes)
    try self.appendClosing(count: quakes.count, to: &bytes)
    return bytes
  }

  func appendOpening(to bytes: inout [UInt8]) {
    switch self.format {
    case .xml: bytes.append(contentsOf: QuakeMLWriter.opening.utf8)
    case .text: bytes.append(contentsOf: FDSNTextWriter.header.utf8)
    case .geojson: bytes.append(contentsOf: QuakeOutput.geoJSONOpening)
    }
  }

  /// Appends `quakes`, which follow `written` events of the answer.
  ///
  /// - Throws: when a GeoJSON feature cannot be encoded.
  func append(_ quakes: [Quake], after written: Int, to bytes: inout [UInt8]) throws {
    switch self.format {
    case .xml:
      for quake in quakes { QuakeMLWriter.write(quake, to: &bytes) }
    case .text:
      for quake in quakes { bytes.append(contentsOf: FDSNTextWriter.line(quake).utf8) }
    case .geojson:
      for (offset, quake) in zip(written..., quakes) {
        if offset > 0 { bytes.append(UInt8(ascii: ",")) }
        bytes.append(contentsOf: try self.output.geoJSONFeature(quake))
      }
    }
  }

  /// Appends the closing of an answer of `count` events.
  ///
  /// - Throws: when GeoJSON's metadata cannot be encoded.
  func appendClosing(count: Int, to bytes: inout [UInt8]) throws {
    switch self.format {
    case .xml: bytes.append(contentsOf: QuakeMLWriter.closing.utf8)
    case .text: break
    case .geojson: bytes.append(contentsOf: try self.output.geoJSONClosing(count: count))
    }
  }

  private var output: QuakeOutput { QuakeOutput(utc: true, colour: false, now: self.now) }
}
