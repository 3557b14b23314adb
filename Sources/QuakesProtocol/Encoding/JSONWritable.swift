public import QuakesModel

/// A result that writes its own JSON into a ``JSONBuffer``: the same bytes
/// as its `Encodable` conformance through the wire's `JSONEncoder`, without
/// the encoder's cost per field. The results that carry quakes (a list, a
/// quake, a watch event) conform; ``Reply`` takes this path whenever a result has one.
public protocol JSONWritable: Encodable {
  /// Appends the value's JSON.
  ///
  /// - Throws: only what encoding a part written by `JSONEncoder` throws.
  func writeJSON(to buffer: inout JSONBuffer) throws
}
