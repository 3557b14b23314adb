import Foundation
import QuakesTestSupport

/// Ingesting a feed into a fresh SQLite file, whole process: `quakesd --once`
/// fetching it over HTTP from a local `usgs-standin` (validators and 304 as
/// USGS serves; uncompressed, because compressing is the server's work and
/// would share the machine's CPUs with quakesd), against `geojson-to-sqlite q.db quakes FEED --pk id`
/// reading the same file. Then the same feed again into the same file:
/// quakesd's conditional request gets a 304; with its validators cleared it
/// fetches, decodes and diffs the whole body again; the peer upserts every
/// feature. Rows written are counted by the same triggers on both files.
///
/// Rounds alternate which tool goes first; each round uses fresh files.
struct IngestComparison {
  /// The feed file (GeoJSON summary format).
  let feedPath: String
  /// The feed's name as quakesd knows it (`all_week`, `all_month`).
  let feedName: String
  /// Where `quakesd` and `usgs-standin` are (beside this benchmark).
  let binaries: String
  /// `geojson-to-sqlite`, or `nil` to measure quakesd alone.
  let peer: String?
  let rounds: Int
  /// The folder the rounds' files go in.
  let work: String

  /// Times (ms), peak memory (MiB) and rows written of each tool.
  struct Result {
    var oursFirst = Samples(), peerFirst = Samples()
    var oursAgain = Samples(), oursRefetched = Samples(), peerAgain = Samples()
    var oursMemory = Samples(), peerMemory = Samples()
    /// The poll alone inside quakesd (fetch, decode, reduce, diff, write), from its log.
    var oursPollFirst = Samples(), oursPollRefetched = Samples()
    var oursRowsAgain = 0, oursRowsRefetched = 0, peerRowsAgain = 0
    /// The quakes in quakesd's file after the first ingest.
    var quakes = 0
    /// The peer's file of the last round, kept for the served-query comparison.
    var peerDatabase: String?
  }

  func run() async throws -> Result {
    let feeds = self.work + "/feeds"
    try FileManager.default.createDirectory(atPath: feeds, withIntermediateDirectories: true)
    try? FileManager.default.removeItem(atPath: feeds + "/\(self.feedName).geojson")
    try FileManager.default.createSymbolicLink(atPath: feeds + "/\(self.feedName).geojson", withDestinationPath: self.feedPath)
    let standIn = try ChildProcess(executable: self.binaries + "/usgs-standin", arguments: ["--no-gzip", feeds])
    defer { standIn.kill() }
    let baseURL = try await standIn.waitForLine { $0.hasPrefix("http") }

    var result = Result()
    for round in 0..<self.rounds {
      let state = "\(self.work)/round\(round)"
      try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
      let ourDatabase = state + "/quakesd/quakes.sqlite"
      let peerDatabase = state + "/peer.db"
      let ours = {
        try self.expectSuccess(
          MeasuredRun.run(
            self.binaries + "/quakesd",
            ["--once", "--state-dir", state + "/quakesd", "--feed", self.feedName, "--feed-base-url", baseURL],
            environment: QuakesdProcess.environment(adding: ["QUAKESD_MAX_FEED_SIZE": "1GiB"]),
            logPath: state + "/quakesd.log"),
          "quakesd --once", log: state + "/quakesd.log")
      }
      let peer = { (peer: String) in
        try self.expectSuccess(
          MeasuredRun.run(peer, [peerDatabase, "quakes", self.feedPath, "--pk", "id"], logPath: state + "/peer.log"),
          "geojson-to-sqlite", log: state + "/peer.log")
      }
      let first = try self.alternate(round: round, ours, peer)
      result.oursFirst.append(first.ours.wallTime.milliseconds)
      result.oursPollFirst.append(try Self.pollTime(log: state + "/quakesd.log"))
      result.oursMemory.append(first.ours.peakResidentMiB)
      result.quakes = Int(try SQLiteShell.run(ourDatabase, "SELECT count(*) FROM quakes")) ?? 0
      try SQLiteShell.countWrites(ourDatabase)
      if let run = first.peer {
        result.peerFirst.append(run.wallTime.milliseconds)
        result.peerMemory.append(run.peakResidentMiB)
        try SQLiteShell.countWrites(peerDatabase)
        result.peerDatabase = peerDatabase
      }

      let again = try self.alternate(round: round, ours, peer)
      result.oursAgain.append(again.ours.wallTime.milliseconds)
      result.oursRowsAgain = try SQLiteShell.rowsWritten(ourDatabase)
      if let run = again.peer {
        result.peerAgain.append(run.wallTime.milliseconds)
        result.peerRowsAgain = try SQLiteShell.rowsWritten(peerDatabase)
      }

      try SQLiteShell.run(ourDatabase, "UPDATE feeds SET etag = NULL, last_modified = NULL")
      result.oursRefetched.append(try ours().wallTime.milliseconds)
      result.oursPollRefetched.append(try Self.pollTime(log: state + "/quakesd.log"))
      result.oursRowsRefetched = try SQLiteShell.rowsWritten(ourDatabase) - result.oursRowsAgain
    }
    return result
  }

  /// Milliseconds from quakesd's `loaded N quakes from the cache` log line to
  /// its `polled FEED:` line: the poll without the process's start and end.
  static func pollTime(log: String) throws -> Double {
    let lines = ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n")
    let parser = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    func time(of marker: String) -> Date? {
      guard let line = lines.first(where: { $0.contains(marker) }), let stamp = line.split(separator: " ").first else { return nil }
      return try? parser.parse(String(stamp) + "Z")
    }
    guard let loaded = time(of: "quakes from the cache"), let polled = time(of: "polled ") else {
      throw MeasuredRun.Failure(description: "\(log) lacks quakesd's `loaded` or `polled` line")
    }
    return polled.timeIntervalSince(loaded) * 1_000
  }

  /// Runs ours and the peer (when there is one), ours first in even rounds.
  private func alternate(
    round: Int, _ ours: () throws -> MeasuredRun, _ peer: (String) throws -> MeasuredRun
  ) throws -> (ours: MeasuredRun, peer: MeasuredRun?) {
    guard let tool = self.peer else { return (try ours(), nil) }
    if round.isMultiple(of: 2) {
      let a = try ours()
      return (a, try peer(tool))
    }
    let b = try peer(tool)
    return (try ours(), b)
  }

  private func expectSuccess(_ run: MeasuredRun, _ name: String, log: String) throws -> MeasuredRun {
    guard run.status == 0 else {
      let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
      throw MeasuredRun.Failure(description: "\(name) exited \(run.status):\n\(output.suffix(2_000))")
    }
    return run
  }
}
