import Foundation

/// A feed body as the stand-in serves it, with its validators.
struct StandInFeed: Sendable {
  /// The body, uncompressed.
  let body: [UInt8]
  /// `"<16 hex digits>"`: the FNV-1a 64-bit hash of the body, quoted (a strong ETag).
  let etag: String
  /// The HTTP date of the body's modification.
  let lastModified: String
  /// ``lastModified`` in whole seconds since 1970, for `If-Modified-Since`.
  let lastModifiedSeconds: Int64

  init(body: [UInt8], lastModified: Date) {
    self.body = body
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in body {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    self.etag = "\"" + String(repeating: "0", count: 16 - hex.count) + hex + "\""
    self.lastModifiedSeconds = Int64(lastModified.timeIntervalSince1970.rounded(.down))
    self.lastModified = HTTPDate.format(secondsSince1970: self.lastModifiedSeconds)
  }
}
