extension GeoJSONFeedDecoder {
  /// The double the decoder reads from `text`, a JSON number literal, in any
  /// member of a feed; `nil` when `text` is not exactly one JSON number.
  ///
  /// Every number of a feature is range-checked (``QuakesData/QuakeRanges``),
  /// so a feed cannot carry `1e23` or `4.9e-324` to a place where a test
  /// could read it back; this is the number parser's own seam for its tests.
  package static func number(_ text: String) -> Double? {
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBufferPointer { buffer -> Double? in
      guard let base = buffer.baseAddress, let first = buffer.first, FeedScanner.startsNumber(first) else { return nil }
      var scanner = FeedScanner(base: base, count: buffer.count)
      guard let token = try? scanner.scanNumber(), scanner.index == buffer.count else { return nil }
      return scanner.double(token)
    }
  }
}
