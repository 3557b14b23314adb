import Foundation
import QuakesTestSupport

/// Ingesting a feed into a fresh SQLite file, whole process: `quakesd --once`
/// fetching it over HTTP from a local `usgs-standin` (validators and 304 as
/// USGS serves; uncompressed, because compressing is the server's work and
/// would share the machine's CPUs with quakesd), against `geojson-to-sqlite q.db quakes FEED --pk id`
/// reading the same file. Then the same feed again into the same file, in
/// each of the ways ``Repeat`` names for quakesd; the peer has one way, it
/// upserts every feature. Rows written are counted by the same triggers on
/// both files.
///
/// Rounds alternate which tool goes first; each round uses fresh files.
struct IngestComparison {
  /// The feed file (GeoJSON summary format).
  let feedPath: String
  /// The feed's name as quakesd knows it (`all_week`, `all_month`).
  let feedName: String
  /// Where `usgs-standin` is (beside this benchmark).
  let binaries: String
  /// Where `quakesd` is: the build being measured.
  let programs: String
  /// `geojson-to-sqlite`, or `nil` to measure quakesd alone.
  let peer: String?
  let rounds: Int
  /// The folder the rounds' files go in.
  let work: String

  /// How much later the regenerated feed's `metadata.generated` is: USGS
  /// regenerates its summary feeds every minute.
  static let regeneratedAfterMilliseconds: Int64 = 60_000

  /// The ways quakesd gets the same feed again, in the order each round runs them.
  enum Repeat: CaseIterable {
    /// Its conditional request gets 304 Not Modified: nothing is decoded.
    case notModified
    /// Its validators are cleared, so the same body comes again; its
    /// `metadata.generated` is the one already applied, so the reducer skips
    /// the batch: fetch, decode and the skip, 0 rows by that shortcut.
    case sameGenerated
    /// The feed as regenerated (``RegeneratedFeed``): same quakes, later
    /// `metadata.generated`, a new ETag, so a 200 with the body; quakesd
    /// decodes, reduces and diffs every quake, and writes what changed (nothing).
    case newGenerated
  }

  /// One way of quakesd's again, over the rounds.
  struct RepeatRuns {
    /// Whole process, ms.
    var wallTime = Samples()
    /// The poll alone inside quakesd, from its log, ms (not for ``Repeat/notModified``,
    /// which quakesd logs at debug level only).
    var poll = Samples()
    /// Rows of `quakes` inserted, updated or deleted by the last round's run.
    var rowsWritten = 0
  }

  /// Times (ms), peak memory (MiB) and rows written of each tool.
  struct Result {
    /// The first ingest into a fresh file, whole process.
    var oursFresh = Samples(), peerFresh = Samples()
    var oursFreshMemory = Samples(), peerFreshMemory = Samples()
    /// The poll alone inside quakesd's first ingest (fetch, decode, reduce, diff, write), from its log.
    var oursFreshPoll = Samples()
    /// quakesd given the same feed again, each way.
    var oursAgain: [Repeat: RepeatRuns] = [:]
    /// geojson-to-sqlite given the same file again, whole process, and the rows it wrote.
    var peerAgain = Samples()
    var peerRowsAgain = 0
    /// The quakes in quakesd's file after the first ingest.
    var quakes = 0
    /// The peer's file of the last round, kept for the served-query comparison.
    var peerDatabase: String?
  }

  func run() async throws -> Result {
    let regenerated = try RegeneratedFeed.body(
      of: [UInt8](try Data(contentsOf: URL(fileURLWithPath: self.feedPath))),
      generatedLaterBy: Self.regeneratedAfterMilliseconds)
    return try await self.withStandIn(folder: "feeds", feed: .link(self.feedPath)) { feedURL in
      try await self.withStandIn(folder: "feeds-regenerated", feed: .body(regenerated)) { regeneratedURL in
        try await self.runRounds(feedURL: feedURL, regeneratedURL: regeneratedURL)
      }
    }
  }

  /// Every round, against the stand-in serving the feed at `feedURL` and the
  /// one serving it regenerated at `regeneratedURL`.
  private func runRounds(feedURL: String, regeneratedURL: String) async throws -> Result {
    var result = Result()
    for round in 0..<self.rounds {
      let state = "\(self.work)/round\(round)"
      try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
      let ourDatabase = state + "/quakesd/quakes.sqlite"
      let peerDatabase = state + "/peer.db"
      let log = state + "/quakesd.log"
      let ours = { (baseURL: String) in
        try await self.expectSuccess(
          MeasuredRun.run(
            self.programs + "/quakesd",
            // At debug level every outcome logs its `polled` line, a batch
            // with the generated already applied (notModified) too.
            [
              "--once", "--state-dir", state + "/quakesd", "--feed", self.feedName, "--feed-base-url", baseURL,
              "--log-level", "debug",
            ],
            environment: QuakesdProcess.environment(adding: ["QUAKESD_MAX_FEED_SIZE": "1GiB"]),
            logPath: log),
          "quakesd --once", log: log)
      }
      let peer = { (peer: String) in
        try await self.expectSuccess(
          MeasuredRun.run(peer, [peerDatabase, "quakes", self.feedPath, "--pk", "id"], logPath: state + "/peer.log"),
          "geojson-to-sqlite", log: state + "/peer.log")
      }
      let first = try await self.alternate(round: round, { try await ours(feedURL) }, peer)
      result.oursFresh.append(first.ours.wallTime.milliseconds)
      result.oursFreshPoll.append(try Self.pollTime(log: log))
      result.oursFreshMemory.append(first.ours.peakResidentMiB)
      result.quakes = Int(try await SQLiteShell.run(ourDatabase, "SELECT count(*) FROM quakes")) ?? 0
      try await SQLiteShell.countWrites(ourDatabase)
      if let run = first.peer {
        result.peerFresh.append(run.wallTime.milliseconds)
        result.peerFreshMemory.append(run.peakResidentMiB)
        try await SQLiteShell.countWrites(peerDatabase)
        result.peerDatabase = peerDatabase
      }

      var rowsBefore = 0
      for again in Repeat.allCases {
        let run: MeasuredRun
        switch again {
        case .notModified:
          let both = try await self.alternate(round: round, { try await ours(feedURL) }, peer)
          run = both.ours
          if let peerRun = both.peer {
            result.peerAgain.append(peerRun.wallTime.milliseconds)
            result.peerRowsAgain = try await SQLiteShell.rowsWritten(peerDatabase)
          }
        case .sameGenerated:
          try await SQLiteShell.run(ourDatabase, "UPDATE feeds SET etag = NULL, last_modified = NULL")
          run = try await ours(feedURL)
        case .newGenerated:
          run = try await ours(regeneratedURL)
        }
        var runs = result.oursAgain[again] ?? RepeatRuns()
        runs.wallTime.append(run.wallTime.milliseconds)
        if again != .notModified { runs.poll.append(try Self.pollTime(log: log)) }
        let rows = try await SQLiteShell.rowsWritten(ourDatabase)
        runs.rowsWritten = rows - rowsBefore
        rowsBefore = rows
        result.oursAgain[again] = runs
      }
    }
    return result
  }

  /// Milliseconds from quakesd's `loaded N quakes from the cache` log line to
  /// its `polled FEED:` line: the poll without the process's start and end.
  static func pollTime(log: String) throws -> Double {
    let lines = ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n")
    let parser = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    func time(of marker: String) -> Date? {
      guard let line = lines.first(where: { $0.contains(marker) }), let stamp = line.split(separator: " ").first else {
        return nil
      }
      return try? parser.parse(String(stamp) + "Z")
    }
    guard let loaded = time(of: "quakes from the cache"), let polled = time(of: "polled ") else {
      throw MeasuredRun.Failure(description: "\(log) lacks quakesd's `loaded` or `polled` line")
    }
    return polled.timeIntervalSince(loaded) * 1_000
  }

  /// Runs ours and the peer (when there is one), ours first in even rounds.
  private func alternate(
    round: Int, _ ours: () async throws -> MeasuredRun, _ peer: (String) async throws -> MeasuredRun
  ) async throws -> (ours: MeasuredRun, peer: MeasuredRun?) {
    guard let tool = self.peer else { return (try await ours(), nil) }
    if round.isMultiple(of: 2) {
      let a = try await ours()
      return (a, try await peer(tool))
    }
    let b = try await peer(tool)
    return (try await ours(), b)
  }

  private func expectSuccess(_ run: MeasuredRun, _ name: String, log: String) throws -> MeasuredRun {
    guard run.status == 0 else {
      let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
      throw MeasuredRun.Failure(description: "\(name) exited \(run.status):\n\(output.suffix(2_000))")
    }
    return run
  }
}
