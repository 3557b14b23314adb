import Foundation
import QuakesClient
import QuakesData
import QuakesModel

/// Writes events in one of the service's formats, part by part: the
/// opening, the events a page at a time, the closing. A short answer is
/// all three at once (``whole(_:texts:)``); a long one is written a page at a
/// time by ``FDSNEventDocument``.
struct FDSNEventWriter: Sendable {
  let format: FDSNFormat
  /// When the answer was made (GeoJSON's `generated`).
  let now: Date

  /// The whole answer of `entries`: each kept event's text from `texts`,
  /// each other written, and kept there.
  ///
  /// - Throws: when a GeoJSON feature cannot be encoded, or a kept text
  ///   is missing (``FDSNEventTexts/Answer/holds(_:)`` found none for it).
  func whole(_ entries: [QuakesSparsePage.Entry], texts: FDSNEventTexts.Answer?) throws -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(entries.count * QuakeMLWriter.eventBytes + 1_024)
    self.appendOpening(to: &bytes)
    for (offset, entry) in entries.enumerated() {
      self.appendSeparator(before: offset, to: &bytes)
      switch entry {
      case .kept(let id):
        guard let text = texts?.text(of: id) else { throw MissingText(id: id) }
        bytes.append(contentsOf: text)
      case .read(let quake):
        let start = bytes.count
        try self.appendEvent(quake, to: &bytes)
        texts?.keep(Array(bytes[start...]), of: quake.id)
      }
    }
    try self.appendClosing(count: entries.count, to: &bytes)
    return bytes
  }

  /// A page named a kept event whose text the answer did not find.
  struct MissingText: Error, CustomStringConvertible {
    let id: Quake.ID
    var description: String { "the kept text of \(self.id) is missing" }
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
    for (offset, quake) in zip(written..., quakes) {
      self.appendSeparator(before: offset, to: &bytes)
      try self.appendEvent(quake, to: &bytes)
    }
  }

  /// Appends what comes between the event `offset` of the answer and the
  /// one before it: GeoJSON's comma.
  func appendSeparator(before offset: Int, to bytes: inout [UInt8]) {
    if self.format == .geojson, offset > 0 { bytes.append(UInt8(ascii: ",")) }
  }

  /// Appends the text of one event, the same wherever it stands in an
  /// answer (``FDSNEventTexts`` keeps it).
  ///
  /// - Throws: when a GeoJSON feature cannot be encoded.
  func appendEvent(_ quake: Quake, to bytes: inout [UInt8]) throws {
    switch self.format {
    case .xml: QuakeMLWriter.write(quake, to: &bytes)
    case .text: bytes.append(contentsOf: FDSNTextWriter.line(quake).utf8)
    case .geojson: bytes.append(contentsOf: try self.output.geoJSONFeature(quake))
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
