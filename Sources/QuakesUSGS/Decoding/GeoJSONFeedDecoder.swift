public import QuakesData

/// Decodes a USGS GeoJSON summary feed into a ``FeedBatch``.
///
/// A purpose-built byte-level scanner for the feed's shape (see
/// docs/decoding.md): one pass over the body, no intermediate JSON tree, keys
/// matched on their bytes, numbers converted from their digits, strings made
/// straight from the body's bytes. It still checks that the whole body is
/// JSON, so a cut-short download or a broken body is an error rather than a
/// partial batch.
///
/// What it takes from each feature: `id`; `properties.mag`, `magType`,
/// `time`, `updated`, `place`, `url`, `status`, `type` and `ids`; and
/// `geometry.coordinates` (longitude, latitude, depth). Everything else, in
/// any order and at any nesting, is checked and skipped.
public enum GeoJSONFeedDecoder {
  /// Decodes `bytes`, a whole response body.
  ///
  /// Features lacking a required field (id, time, coordinates) are skipped and
  /// counted in ``FeedBatch/skippedFeatures``; a body that is not a GeoJSON
  /// FeatureCollection throws. The batch's validators are left empty: they
  /// come from the HTTP response, not the body.
  public static func decode(_ bytes: [UInt8]) throws(FeedDecodingError) -> FeedBatch {
    let result = bytes.withUnsafeBufferPointer { buffer in
      Result { () throws(FeedDecodingError) in try self.decode(bytes: buffer) }
    }
    return try result.get()
  }

  /// Decodes the response body in `buffer`, for callers that hold it in
  /// memory of their own (a `Data`, a network buffer) and want no copy.
  ///
  /// Behaves as the `[UInt8]` overload; `buffer` is only read during the call.
  public static func decode(_ buffer: UnsafeRawBufferPointer) throws(FeedDecodingError) -> FeedBatch {
    let result = buffer.withMemoryRebound(to: UInt8.self) { bytes in
      Result { () throws(FeedDecodingError) in try self.decode(bytes: bytes) }
    }
    return try result.get()
  }

  private static func decode(bytes: UnsafeBufferPointer<UInt8>) throws(FeedDecodingError) -> FeedBatch {
    guard let base = bytes.baseAddress, !bytes.isEmpty else {
      throw FeedDecodingError("not a GeoJSON feed: the body is empty (0 bytes)")
    }
    var scanner = FeedScanner(base: base, count: bytes.count)
    return try scanner.decodeDocument()
  }
}
