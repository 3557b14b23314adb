import Foundation
import QuakesTestSupport

extension IngestComparison {
  /// What a stand-in serves as the feed: the feed file itself (a link to
  /// it), or a body written for it (the regenerated feed).
  enum ServedFeed {
    case link(String)
    case body([UInt8])
  }

  /// A running `usgs-standin --no-gzip` and the base URL to give quakesd.
  struct RunningStandIn {
    let process: ChildProcess
    let baseURL: String
  }

  /// Starts a stand-in serving `feed` as ``feedName`` from `work/folder`.
  func startStandIn(folder: String, feed: ServedFeed) async throws -> RunningStandIn {
    let feeds = self.work + "/" + folder
    let file = feeds + "/\(self.feedName).geojson"
    try FileManager.default.createDirectory(atPath: feeds, withIntermediateDirectories: true)
    try? FileManager.default.removeItem(atPath: file)
    switch feed {
    case .link(let path): try FileManager.default.createSymbolicLink(atPath: file, withDestinationPath: path)
    case .body(let bytes): try Data(bytes).write(to: URL(fileURLWithPath: file))
    }
    let process = try ChildProcess(executable: self.binaries + "/usgs-standin", arguments: ["--no-gzip", feeds])
    do {
      return RunningStandIn(process: process, baseURL: try await process.waitForLine { $0.hasPrefix("http") })
    } catch {
      process.kill()
      throw error
    }
  }
}
