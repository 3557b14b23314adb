import Foundation
import QuakesTestSupport
import USGSStandIn

/// A backfill of a whole catalogue from the stand-in's FDSN service through
/// the real quakesd, with its default politeness (0.6 s between requests):
/// how long `quakectl backfill --wait` takes, and quakesd's memory at its
/// peak and once the events are cached.
struct BackfillBenchmark {
  /// Where `quakesd` and `quakectl` are.
  let programs: String
  let work: String
  let events: Int

  /// What one backfill cost.
  struct Figures {
    /// From `quakectl backfill --wait` starting to its exit, in seconds.
    var seconds: Double
    /// FDSN requests (counts and queries) the stand-in answered.
    var requests: Int
    /// Of which `query` requests: the windows.
    var windows: Int
    /// quakesd's resident memory before the backfill, at its peak (the whole
    /// run), and after it, in MiB.
    var residentBefore: Double
    var peak: Double
    var residentAfter: Double
    /// The database file afterwards, WAL included, in MiB.
    var databaseMiB: Double
  }

  func run() async throws -> Figures {
    let state = self.work + "/backfill"
    try? FileManager.default.removeItem(atPath: state)
    try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
    // 2023: a year whose catalogue the generator spreads the events over.
    let since = Date(timeIntervalSince1970: 1_672_531_200)
    let until = Date(timeIntervalSince1970: 1_704_067_200)
    let catalogue = FDSNCatalogue.generated(count: self.events, from: since, to: until, seed: 2_023)
    // A cache keeps the events with a magnitude above 0 (the generator, as
    // USGS, leaves a few without one): those are what must be written.
    let cacheable = catalogue.events.count { ($0.magnitude ?? 0) > 0 && !$0.isDeleted }
    return try await withUSGSStandIn { standIn in
      standIn.setFeed("all_hour", body: SyntheticFeed.body(ids: []))
      standIn.setFDSNCatalogue(catalogue)
      let configuration = state + "/quakesd.conf"
      try "fdsn-base-url: \(standIn.fdsnBaseURL)\n".write(toFile: configuration, atomically: true, encoding: .utf8)
      return try await withChildProcess(
        executable: self.programs + "/quakesd",
        arguments: [
          "--config", configuration, "--state-dir", state + "/state", "--runtime-dir", state + "/run",
          "--feed-base-url", standIn.baseURL, "--feed", "all_hour=1h",
        ],
        environment: QuakesdProcess.environment(), mergeStandardError: true
      ) { daemon in
        try await daemon.waitForLine { $0.contains("listening on") }
        let before = try ProcessMemory(of: daemon.processIdentifier)
        let start = ContinuousClock.now
        let backfill = try await Command.run(
          self.programs + "/quakectl",
          [
            "backfill", "--since", "2023-01-01", "--until", "2024-01-01", "--wait", "--format", "ndjson",
            "--timeout", "600", "--socket", state + "/run",
          ])
        let elapsed = ContinuousClock.now - start
        guard backfill.status == 0,
          let last = backfill.output.split(separator: "\n").last,
          let job = try? JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any],
          job["phase"] as? String == "done", job["eventsFetched"] as? Int == self.events,
          job["eventsWritten"] as? Int == cacheable
        else {
          throw MeasuredRun.Failure(
            description:
              "the backfill did not fetch \(self.events) events and write \(cacheable): exit \(backfill.status), "
              + "\(backfill.output.split(separator: "\n").last ?? "") \(backfill.errors)")
        }
        let after = try ProcessMemory(of: daemon.processIdentifier)
        let requests = standIn.fdsnRequests
        let database = ["", "-wal"].reduce(0.0) { total, suffix in
          let size = (try? FileManager.default.attributesOfItem(atPath: state + "/state/quakes.sqlite" + suffix))?[
            .size]
          return total + Double((size as? NSNumber)?.int64Value ?? 0) / 1_048_576
        }
        return Figures(
          seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18,
          requests: requests.count, windows: requests.filter { $0.uri.contains("/query?") }.count,
          residentBefore: before.resident, peak: after.peak, residentAfter: after.resident, databaseMiB: database)
      }
    }
  }
}
