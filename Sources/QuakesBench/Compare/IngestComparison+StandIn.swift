import Foundation
import QuakesTestSupport

extension IngestComparison {
  /// What a stand-in serves as the feed: the feed file itself (a link to
  /// it), or a body written for it (the regenerated feed).
  enum ServedFeed {
    case link(String)
    case body([UInt8])
  }

  /// Starts a stand-in (`usgs-standin --no-gzip`) serving `feed` as
  /// ``feedName`` from `work/folder`, runs `body` with the base URL to give
  /// quakesd, and stops the stand-in after.
  func withStandIn<Value: Sendable>(folder: String, feed: ServedFeed, _ body: (String) async throws -> Value)
    async throws -> Value
  {
    let feeds = self.work + "/" + folder
    let file = feeds + "/\(self.feedName).geojson"
    try FileManager.default.createDirectory(atPath: feeds, withIntermediateDirectories: true)
    try? FileManager.default.removeItem(atPath: file)
    switch feed {
    case .link(let path): try FileManager.default.createSymbolicLink(atPath: file, withDestinationPath: path)
    case .body(let bytes): try Data(bytes).write(to: URL(fileURLWithPath: file))
    }
    return try await withChildProcess(executable: self.binaries + "/usgs-standin", arguments: ["--no-gzip", feeds]) {
      process in
      try await body(try await process.waitForLine { $0.hasPrefix("http") })
    }
  }
}
