import Foundation
import QuakesModel
import QuakesTestSupport
import Testing
import USGSStandIn

/// Backfills and reconciliation in the real quakesd and quakectl, against
/// the stand-in's FDSN event service: exactly the events asked for, windows
/// of at most the service's limit, each fetched once even across a kill -9,
/// the service's backoff honoured, and deletions applied.
@Suite("quakesd backfill: FDSN history, windowed, resumable, polite", .timeLimit(.minutes(5)))
struct DaemonBackfillTests {
  /// 2020-01-01T00:00:00Z and 2020-03-01T00:00:00Z.
  private static let since = Date(timeIntervalSince1970: 1_577_836_800)
  private static let until = Date(timeIntervalSince1970: 1_583_020_800)

  /// Runs `body` with a stand-in serving `catalogue` on its FDSN endpoint
  /// (and an empty `all_hour` feed), a temporary directory, and the path
  /// of a configuration for them (``USGSStandIn/configuration(in:feed:extra:)``).
  private static func withStandIn(
    serving catalogue: FDSNCatalogue, extra: String = "",
    _ body: (USGSStandIn, TemporaryDirectory, String) async throws -> Void
  ) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try await withUSGSStandIn { standIn in
      standIn.setFeed("all_hour", body: SyntheticFeed.body(ids: []))
      standIn.setFDSNCatalogue(catalogue)
      try await body(standIn, directory, try standIn.configuration(in: directory, extra: extra))
    }
  }

  private static func quakectl(_ arguments: [String], daemon: QuakesdProcess) async throws -> Command {
    try await Command.run(
      try ChildProcess.builtExecutable("quakectl"), arguments + ["--socket", daemon.runtimeDirectory])
  }

  /// The ids of the events a cache keeps: those with a magnitude above 0
  /// (as the feeds, a backfill skips the others), not deleted.
  private static func cacheable(_ catalogue: FDSNCatalogue, before cursor: Int64 = .max) -> Set<String> {
    Set(
      catalogue.events.filter { event in
        (event.magnitude ?? 0) > 0 && !event.isDeleted && event.timeMilliseconds < cursor
      }.map(\.id))
  }

  /// The ids the database holds.
  private static func storedIds(_ daemon: QuakesdProcess) async throws -> Set<String> {
    Set(try await SQLiteShell.run(daemon.databasePath, "SELECT id FROM quakes").split(separator: "\n").map(String.init))
  }

  /// The `starttime` of each FDSN `query` request the stand-in received.
  private static func queryStarts(_ standIn: USGSStandIn) -> [String] {
    standIn.fdsnRequests.filter { $0.uri.contains("/query?") }.compactMap { request in
      URLComponents(string: request.uri)?.queryItems?.first { $0.name == "starttime" }?.value
    }
  }

  /// Polls `backfill.status` until the backfill is no longer running; returns its phase.
  private static func waitForBackfill(_ daemon: QuakesdProcess, kind: String = "backfill") async throws -> [String: Any]
  {
    for _ in 0..<1_200 {
      let reply = try await daemon.query().call(#"{"method":"backfill.status"}"#)
      if let job = reply.result?[kind] as? [String: Any], job["phase"] as? String != "running" { return job }
      try await Task.sleep(for: .milliseconds(100))
    }
    throw CancellationError()
  }

  @Test("a 45,000-event span (limit 20,000) is fetched in three or more windows and writes exactly those events")
  func backfillWritesExactly() async throws {
    let catalogue = FDSNCatalogue.generated(count: 45_000, from: Self.since, to: Self.until, seed: 7)
    try await Self.withStandIn(serving: catalogue) { standIn, directory, configuration in
      try await withQuakesd(in: directory, arguments: ["--config", configuration]) { daemon in
        let run = try await Self.quakectl(
          [
            "backfill", "--since", "2020-01-01", "--until", "2020-03-01", "--wait", "--format", "ndjson",
            "--timeout", "60",
          ], daemon: daemon)
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        let lines = run.output.split(separator: "\n").compactMap {
          try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(lines.count >= 2, "a progress line per change: \(run.output)")
        let last = try #require(lines.last)
        #expect(last["phase"] as? String == "done")
        #expect(last["eventsFetched"] as? Int == 45_000)
        #expect(last["eventsWritten"] as? Int == Self.cacheable(catalogue).count)
        #expect(last["eventsExpected"] as? Int == 45_000)
        #expect((last["windowsDone"] as? Int ?? 0) >= 3)

        #expect(try await Self.storedIds(daemon) == Self.cacheable(catalogue))
        let starts = Self.queryStarts(standIn)
        #expect(starts.count >= 3)
        #expect(Set(starts).count == starts.count, "no window fetched twice")
        for request in standIn.fdsnRequests {
          #expect(
            request.header("user-agent")?.hasPrefix("quakesd/\(QuakesdProduct.version) (+mailto:tests@example.org) ")
              == true, "the User-Agent names the version and the operator's contact")
        }
        let status = try await Self.quakectl(["backfill", "--status", "--format", "table"], daemon: daemon)
        #expect(status.status == 0)
        #expect(status.output.contains("backfill done (45,000 events fetched"), "\(status.output)")
      }
    }
  }

  @Test("kill -9 mid-way: the restarted quakesd resumes at the checkpoint and fetches no finished window again")
  func killAndResume() async throws {
    let catalogue = FDSNCatalogue.generated(count: 45_000, from: Self.since, to: Self.until, seed: 11)
    try await Self.withStandIn(serving: catalogue) { standIn, directory, configuration in
      // The first window is answered, the next query held: the kill lands
      // after one window, before the next, however loaded the machine.
      standIn.holdFDSNQueries(after: 1)
      var cursorAtKill = ""
      var writtenAtKill = 0
      try await withQuakesd(in: directory, arguments: ["--config", configuration]) { daemon in
        let start = try await Self.quakectl(
          ["backfill", "--since", "2020-01-01", "--until", "2020-03-01"], daemon: daemon)
        #expect(start.status == 0, "\(start.errors)")
        for _ in 0..<600 {
          let done = try await SQLiteShell.run(
            daemon.databasePath, "SELECT windows_done FROM history_jobs WHERE kind = 'backfill'")
          if (Int(done) ?? 0) >= 1 { break }
          try await Task.sleep(for: .milliseconds(50))
        }
        await daemon.child.kill()
        #expect(daemon.child.wasKilled)
        let row = try await SQLiteShell.run(
          daemon.databasePath, "SELECT cursor, phase, windows_done FROM history_jobs WHERE kind = 'backfill'")
        let fields = row.split(separator: "|").map(String.init)
        #expect(fields.count == 3 && fields[1] == "running" && fields[2] == "1", "\(row)")
        cursorAtKill = fields.first ?? ""
        writtenAtKill = Int(try await SQLiteShell.run(daemon.databasePath, "SELECT count(*) FROM quakes")) ?? -1
        #expect(try await SQLiteShell.integrityCheck(daemon.databasePath) == "ok")
      }
      let cursor = try #require(Int64(cursorAtKill))
      #expect(cursor > Int64(Self.since.timeIntervalSince1970 * 1000), "at least one window was written")
      #expect(
        writtenAtKill == Self.cacheable(catalogue, before: cursor).count,
        "the checkpoint and the quakes committed together")
      let requestsBefore = standIn.fdsnRequests.count
      standIn.holdFDSNQueries(after: nil)

      try await withQuakesd(in: directory, arguments: ["--config", configuration]) { daemon in
        let job = try await Self.waitForBackfill(daemon)
        #expect(job["phase"] as? String == "done", "\(job)")
        #expect(try await Self.storedIds(daemon) == Self.cacheable(catalogue))
        let after = standIn.fdsnRequests.dropFirst(requestsBefore)
        #expect(!after.isEmpty)
        for request in after {
          let start = URLComponents(string: request.uri)?.queryItems?.first { $0.name == "starttime" }?.value
          let startDate = try #require(start.flatMap(Timestamp.parseISO8601))
          #expect(
            Int64((startDate.timeIntervalSince1970 * 1000).rounded()) >= cursor,
            "\(request.uri) reaches before the checkpoint")
        }
      }
    }
  }

  @Test(
    "a window the database refuses fails the backfill at its last committed window; the same backfill fetches that window again"
  )
  func failedWriteRewinds() async throws {
    let catalogue = FDSNCatalogue.generated(count: 4_000, from: Self.since, to: Self.until, seed: 13)
    let middle = Int64(Self.since.timeIntervalSince1970 * 1000) + 30 * 86_400_000
    try await Self.withStandIn(serving: catalogue) { standIn, directory, configuration in
      standIn.setFDSNMaximum(1_000)
      try await withQuakesd(in: directory, arguments: ["--config", configuration]) { daemon in
        // The database refuses every quake from the middle of the span on,
        // as a full disk would: the window holding the middle rolls back.
        try await SQLiteShell.run(
          daemon.databasePath,
          """
          CREATE TRIGGER refuse_late_quakes BEFORE INSERT ON quakes WHEN NEW.time >= \(middle)
          BEGIN SELECT RAISE(ABORT, 'refused by the test'); END;
          """)
        let run = try await Self.quakectl(
          ["backfill", "--since", "2020-01-01", "--until", "2020-03-01", "--wait", "--timeout", "60"], daemon: daemon)
        #expect(run.status == 1, "\(run.output)\(run.errors)")
        #expect(
          run.errors.hasPrefix("quakectl: the backfill failed: cannot write a backfill window to the quakes database"),
          "\(run.errors)")
        #expect(run.errors.contains("refused by the test"), "\(run.errors)")

        // The failure is saved once the cache is reloaded after it.
        var row = ""
        for _ in 0..<100 {
          row = try await SQLiteShell.run(
            daemon.databasePath, "SELECT phase, cursor, windows_done, error FROM history_jobs WHERE kind = 'backfill'")
          if row.hasPrefix("failed|") { break }
          try await Task.sleep(for: .milliseconds(50))
        }
        let fields = row.split(separator: "|", maxSplits: 3).map(String.init)
        #expect(fields.first == "failed", "\(row)")
        let cursor = try #require(fields.count > 1 ? Int64(fields[1]) : nil, "\(row)")
        #expect(cursor > Int64(Self.since.timeIntervalSince1970 * 1000), "the windows before the middle are written")
        #expect(cursor <= middle, "the saved cursor is the last committed window's end, not past the refused one")
        #expect(try await Self.storedIds(daemon) == Self.cacheable(catalogue, before: cursor))
        let reported =
          try await daemon.query().call(#"{"method":"backfill.status"}"#).result?["backfill"] as? [String: Any]
        #expect(
          (reported?["windowsDone"] as? Int).map(String.init) == fields.dropFirst(2).first,
          "quakesd reports the progress the database holds: \(String(describing: reported))")

        try await SQLiteShell.run(daemon.databasePath, "DROP TRIGGER refuse_late_quakes")
        let requestsBefore = standIn.fdsnRequests.count
        let again = try await Self.quakectl(
          ["backfill", "--since", "2020-01-01", "--until", "2020-03-01", "--wait", "--timeout", "60"], daemon: daemon)
        #expect(again.status == 0, "\(again.output)\(again.errors)")
        #expect(try await Self.storedIds(daemon) == Self.cacheable(catalogue), "the refused window is fetched again")
        for request in standIn.fdsnRequests.dropFirst(requestsBefore) {
          let start = URLComponents(string: request.uri)?.queryItems?.first { $0.name == "starttime" }?.value
          let startDate = try #require(start.flatMap(Timestamp.parseISO8601))
          #expect(
            Int64((startDate.timeIntervalSince1970 * 1000).rounded()) >= cursor,
            "\(request.uri) reaches before the committed cursor")
        }
      }
    }
  }

  @Test("a 429 with Retry-After holds every request for that long, then the backfill goes on")
  func retryAfterIsHonoured() async throws {
    let catalogue = FDSNCatalogue.generated(count: 300, from: Self.since, to: Self.until, seed: 3)
    try await Self.withStandIn(serving: catalogue) { standIn, directory, configuration in
      standIn.failFDSN(next: 1, status: 429, retryAfter: "2")
      try await withQuakesd(in: directory, arguments: ["--config", configuration]) { daemon in
        let run = try await Self.quakectl(
          ["backfill", "--since", "2020-01-01", "--until", "2020-03-01", "--wait", "--timeout", "60"], daemon: daemon)
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        #expect(
          run.output.contains(
            #""waitingReason":"the service answered HTTP/1.1 429 Too Many Requests and asked to wait"#)
            && run.output.contains(#""waitingUntil":""#),
          "--wait shows the wait, not a stall: \(run.output)")
        let requests = standIn.fdsnRequests
        #expect(requests.count >= 3, "the refused count, the count again, the query")
        let gap = requests[1].receivedAt.timeIntervalSince(requests[0].receivedAt)
        #expect(gap >= 1.95, "the second request came \(gap) s after the 429")
        #expect(requests[0].uri == requests[1].uri, "the refused request is the one repeated")
        #expect(try await Self.storedIds(daemon) == Self.cacheable(catalogue))
      }
    }
  }

  @Test("a backfill with filters asks the service for them and writes only matching events")
  func filteredBackfill() async throws {
    let catalogue = FDSNCatalogue.generated(count: 5_000, from: Self.since, to: Self.until, seed: 5)
    let box = (minLatitude: 30.0, maxLatitude: 45.0, minLongitude: -130.0, maxLongitude: -110.0)
    let expected = Set(
      catalogue.events.filter { event in
        (event.magnitude ?? -1) >= 2.5 && event.latitude >= box.minLatitude && event.latitude <= box.maxLatitude
          && event.longitude >= box.minLongitude && event.longitude <= box.maxLongitude
      }.map(\.id))
    try #require(!expected.isEmpty && expected.count < catalogue.events.count / 2)
    try await Self.withStandIn(serving: catalogue) { standIn, directory, configuration in
      try await withQuakesd(in: directory, arguments: ["--config", configuration]) { daemon in
        // A watcher on query.sock sees the written quakes and the progress.
        try await withChildProcess(
          executable: try ChildProcess.builtExecutable("quakectl"),
          arguments: ["watch", "--format", "ndjson", "--socket", daemon.querySocket]
        ) { watch in
          try await watch.waitForLine { $0.contains(#""event":"status""#) }
          let run = try await Self.quakectl(
            [
              "backfill", "--since", "2020-01-01", "--until", "2020-03-01", "--min-magnitude", "2.5",
              "--bbox", "30,-130,45,-110", "--wait", "--timeout", "60",
            ], daemon: daemon)
          #expect(run.status == 0, "\(run.output)\(run.errors)")
          #expect(try await Self.storedIds(daemon) == expected)
          for request in standIn.fdsnRequests {
            #expect(request.uri.contains("minmagnitude=2.5"), "\(request.uri)")
            #expect(request.uri.contains("minlatitude=30.0&maxlatitude=45.0&minlongitude=-130.0&maxlongitude=-110.0"))
          }
          try await watch.waitForLine { $0.contains(#""phase":"done""#) }
          let events = watch.printed.compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
          }
          let watched = Set(
            events.filter { $0["event"] as? String == "changes" }
              .flatMap { ($0["inserted"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String } })
          #expect(watched == expected, "watch shows every backfilled quake as inserted")
          #expect(
            events.contains { (($0["status"] as? [String: Any])?["history"] as? [String: Any])?["backfill"] != nil },
            "and the backfill's progress in its status events")
        }
        let status = try await Self.quakectl(["status", "--format", "table"], daemon: daemon)
        #expect(status.output.contains("backfill: done"), "\(status.output)")
      }
    }
  }

  @Test("reconciliation removes an event the service marks deleted and updates a revised one")
  func reconciliationRemovesDeleted() async throws {
    let catalogue = FDSNCatalogue.generated(count: 200, from: Self.since, to: Self.until, seed: 9)
    try await Self.withStandIn(serving: catalogue, extra: "reconcile: 1s") { standIn, directory, configuration in
      try await withQuakesd(in: directory, arguments: ["--config", configuration]) { daemon in
        let run = try await Self.quakectl(
          ["backfill", "--since", "2020-01-01", "--until", "2020-03-01", "--wait", "--timeout", "60"], daemon: daemon)
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        let ids = Self.cacheable(catalogue).sorted()
        #expect(try await Self.storedIds(daemon) == Set(ids))
        let gone = [ids[10], ids[150]]
        let revised = ids[20]
        let magnitude = "SELECT magnitude FROM quakes WHERE id = '\(revised)'"
        let before = try await SQLiteShell.run(daemon.databasePath, magnitude)
        standIn.withFDSNCatalogue { catalogue in
          for id in gone { catalogue.markDeleted(id: id, at: Date()) }
          if var event = catalogue.event(id: revised) {
            event.magnitude = 7.9
            event.updated = Date()
            catalogue.update(event)
          }
        }
        var stored = Set<String>()
        for _ in 0..<300 {
          stored = try await Self.storedIds(daemon)
          if stored.count == ids.count - 2, try await SQLiteShell.run(daemon.databasePath, magnitude) == "7.9" { break }
          try await Task.sleep(for: .milliseconds(100))
        }
        #expect(stored == Set(ids).subtracting(gone))
        #expect(before != "7.9")
        #expect(try await SQLiteShell.run(daemon.databasePath, magnitude) == "7.9", "the revised quake is updated")
        let reconcile =
          try await daemon.query().call(#"{"method":"backfill.status"}"#).result?["reconcile"] as? [String: Any]
        #expect(reconcile != nil)
        let deletedRequests = standIn.fdsnRequests.filter { $0.uri.contains("includedeleted=true") }
        #expect(!deletedRequests.isEmpty, "reconciliation asks for deleted events")
      }
    }
  }

  @Test("refusals: unsupported filters, a second backfill, a cancel with none running, control methods on query.sock")
  func refusals() async throws {
    try await Self.withStandIn(
      serving: FDSNCatalogue.generated(count: 1_000, from: Self.since, to: Self.until, seed: 1)
    ) { standIn, directory, configuration in
      // Long enough that the backfill still runs at the cancel however loaded the machine is; the cancel ends the wait.
      standIn.setFDSNDelay(.seconds(120))
      try await withQuakesd(in: directory, arguments: ["--config", configuration]) { daemon in
        let search = try await daemon.control().call(
          #"{"method":"backfill.start","params":{"since":"2020-01-01","search":"Alaska","tsunami":true}}"#)
        #expect(search.errorCode == "quakes.InvalidRequest")
        #expect(search.errorMessage?.contains("cannot filter by search, tsunami") == true, "\(search)")
        let noSince = try await Self.quakectl(["backfill", "--min-magnitude", "5"], daemon: daemon)
        #expect(noSince.status == 2 && noSince.errors.contains("--since"), "\(noSince.errors)")
        let bareNear = try await Self.quakectl(
          ["backfill", "--since", "2020-01-01", "--near", "35,139"], daemon: daemon)
        #expect(bareNear.status == 2 && bareNear.errors.contains("--radius"), "\(bareNear.errors)")
        let cancelNone = try await Self.quakectl(["backfill", "--cancel"], daemon: daemon)
        #expect(cancelNone.status == 10, "\(cancelNone.errors)")
        let onQuery = try await daemon.query().call(#"{"method":"backfill.start","params":{"since":"2020-01-01"}}"#)
        #expect(onQuery.errorCode == "quakes.PermissionDenied")

        let first = try await Self.quakectl(
          ["backfill", "--since", "2020-01-01", "--until", "2020-03-01"], daemon: daemon)
        #expect(first.status == 0, "\(first.errors)")
        let same = try await Self.quakectl(
          ["backfill", "--since", "2020-01-01", "--until", "2020-03-01", "--format", "json"], daemon: daemon)
        #expect(same.status == 0 && same.output.contains(#""started":false"#), "\(same.output)")
        let other = try await Self.quakectl(
          ["backfill", "--since", "2020-02-01", "--until", "2020-03-01"], daemon: daemon)
        #expect(other.status == 1 && other.errors.contains("is running"), "\(other.errors)")
        let cancel = try await Self.quakectl(["backfill", "--cancel"], daemon: daemon)
        #expect(cancel.status == 0, "\(cancel.errors)")
        let status = try await Self.quakectl(["backfill", "--status", "--format", "table"], daemon: daemon)
        #expect(status.status == 1 && status.output.contains("backfill cancelled"), "\(status.output)")
        #expect(status.errors.hasPrefix("quakectl: the backfill was cancelled"), "\(status.errors)")
      }
    }
  }
}
