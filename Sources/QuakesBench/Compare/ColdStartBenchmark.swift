import Foundation
import QuakesTestSupport

/// Cold start of `quakesd` on an existing cache: from `posix_spawn` to the
/// `READY=1` it sends to `NOTIFY_SOCKET` (the cache loaded into the store,
/// both sockets listening), then its resident memory right after.
///
/// The daemon's feeds point at a closed port on 127.0.0.1, so its first
/// poll fails at once and changes nothing; what is measured is opening the
/// database, reading every quake and starting to serve.
struct ColdStartBenchmark {
  /// The state directory holding the cache.
  let state: String
  let rounds: Int

  /// Milliseconds to READY=1, and MiB resident right after it and at peak.
  struct Result {
    var ready = Samples(), resident = Samples(), peak = Samples()
  }

  /// The base URL of a port nothing listens on (the discard port).
  static let unreachableFeeds = "http://127.0.0.1:9/"

  func run() async throws -> Result {
    var result = Result()
    for _ in 0..<self.rounds {
      try await Self.withReadyQuakesd(
        state: self.state, executable: try ChildProcess.builtExecutable("quakesd"), feed: "all_month"
      ) { daemon, _, ready in
        result.ready.append(ready)
        let memory = try ProcessMemory(of: daemon.processIdentifier)
        result.resident.append(memory.resident)
        result.peak.append(memory.peak)
      }
    }
    return result
  }

  /// Starts `executable` (quakesd) on `state` polling `feed` from
  /// `feedBaseURL` (by default a port nothing listens on), waits for its
  /// `READY=1`, hands `body` the process,
  /// its runtime directory and the milliseconds from spawn to READY, then
  /// stops it with SIGTERM and fails unless it exits 0.
  static func withReadyQuakesd(
    state: String, executable: String, feed: String, feedBaseURL: String = Self.unreachableFeeds,
    arguments: [String] = [], environment: [String: String] = [:],
    _ body: (ChildProcess, _ runtimeDirectory: String, _ readyMilliseconds: Double) async throws -> Void
  ) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let notify = try NotifySocketListener(in: directory)
    let clock = ContinuousClock()
    let start = clock.now
    try await withChildProcess(
      executable: executable,
      arguments: [
        "--state-dir", state, "--runtime-dir", directory.file("run"), "--feed", feed,
        "--feed-base-url", feedBaseURL,
      ] + arguments,
      environment: QuakesdProcess.environment(adding: environment.merging(["NOTIFY_SOCKET": notify.path]) { $1 }),
      mergeStandardError: true
    ) { daemon in
      try await notify.waitForMessage(timeout: .seconds(600)) { $0 == "READY=1" }
      try await body(daemon, directory.file("run"), (clock.now - start).milliseconds)
      daemon.send(signal: SIGTERM)
      let status = await daemon.waitForExit()
      guard status == 0 else {
        throw MeasuredRun.Failure(
          description: "quakesd exited \(status) on SIGTERM:\n\(daemon.printed.suffix(20).joined(separator: "\n"))")
      }
    }
  }
}
