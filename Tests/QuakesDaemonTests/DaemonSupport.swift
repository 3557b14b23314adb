import Foundation
import QuakesTestSupport
import USGSStandIn

/// Runs `body` against a real quakesd polling `all_day` from a USGS stand-in
/// that serves `ids`, once its first poll was written; stops both after.
func withDaemon(
  serving ids: [String],
  arguments: [String] = [],
  _ body: (QuakesdProcess, USGSStandIn) async throws -> Void
) async throws {
  let directory = try TemporaryDirectory()
  defer { directory.remove() }
  try await withUSGSStandIn { standIn in
    standIn.setFeed("all_day", body: SyntheticFeed.body(ids: ids))
    let daemon = try await QuakesdProcess(
      in: directory, arguments: ["--feed-base-url", standIn.baseURL, "--feed", "all_day"] + arguments)
    defer { daemon.stop() }
    try await daemon.child.waitForLine { $0.contains("polled all_day: ") }
    try await body(daemon, standIn)
  }
}

extension [String: Any] {
  /// The `"error"` object's code, if this reply is an error.
  var errorCode: String? { (self["error"] as? [String: Any])?["code"] as? String }
  /// The `"error"` object's message, if this reply is an error.
  var errorMessage: String? { (self["error"] as? [String: Any])?["message"] as? String }
  /// The `"result"` object, if this reply is a result.
  var result: [String: Any]? { self["result"] as? [String: Any] }
}
