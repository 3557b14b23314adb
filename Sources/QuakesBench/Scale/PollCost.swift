import Foundation
import QuakesClient
import QuakesProtocol
import QuakesTestSupport
import QuakesUSGS
import USGSStandIn

/// The CPU time quakesd spends on a poll of `all_day` that changes nothing,
/// at a given catalogue size: issue 32's "the same CPU at 10,000,000 cached
/// quakes as at 10,000".
///
/// quakesd polls a stand-in's `all_day` (about 300 quakes of the last day,
/// ids the scale catalogue does not use). The first poll writes them; each
/// measured poll is the same feed with a later `metadata.generated`, so it
/// is fetched, decoded, reduced and diffed whole and finds nothing to
/// write. The time is quakesd's CPU time (its process CPU-time clock)
/// from the `quakes.refresh` request with `wait` to its reply; a reply that
/// is not "written, 0 inserted, 0 updated, 0 deleted" ends the run. The
/// feed's quakes are deleted again afterwards, through the daemon, so a
/// kept catalogue is left as it was.
struct PollCost {
  let executable: String
  let rounds: Int

  /// CPU milliseconds of each measured poll of quakesd on `state`.
  func measure(state: String) async throws -> Samples {
    let now = Date()
    let feed = Array(
      (SampleCatalogue(count: 9_000, now: now, seed: 32, firstSerial: 90_000_000).feedBody(period: "day", now: now)
        ?? "").utf8)
    // The cache keeps no quake without a magnitude above 0 (the seed's rule).
    let ids = try GeoJSONFeedDecoder.decode(feed).quakes.filter { ($0.magnitude ?? 0) > 0 }.map(\.id)
    guard ids.count >= 100 else {
      throw MeasuredRun.Failure(description: "the all_day feed holds \(ids.count) quakes, not about 300")
    }
    return try await withUSGSStandIn { standIn in
      standIn.setFeed("all_day", body: feed)
      var samples = Samples()
      try await ColdStartBenchmark.withReadyQuakesd(
        state: state, executable: self.executable, feed: "all_day=1h", feedBaseURL: standIn.baseURL
      ) { daemon, runtimeDirectory, _ in
        let client = QuakesClient(sockets: SocketPaths(option: runtimeDirectory), timeout: .seconds(600))
        _ = try client.call(.refresh, params: RefreshParams(feed: "all_day", wait: true))
        for round in 1...(self.rounds + 2) {
          standIn.setFeed("all_day", body: try RegeneratedFeed.body(of: feed, generatedLaterBy: Int64(round) * 60_000))
          let before = try Self.cpuMilliseconds(of: daemon.processIdentifier)
          let result = try client.call(.refresh, params: RefreshParams(feed: "all_day", wait: true))
          let spent = try Self.cpuMilliseconds(of: daemon.processIdentifier) - before
          guard let entry = result.feeds.first, entry.outcome == .written,
            entry.inserted == 0, entry.updated == 0, entry.deleted == 0
          else {
            throw MeasuredRun.Failure(description: "a poll of the same all_day changed something: \(result)")
          }
          if round > 2 { samples.append(spent) }
        }
        // A quake already gone is no failure of the measurement; one left
        // makes the next run write the kept catalogue again.
        for id in ids {
          _ = try? client.call(.delete, params: IdParams(id: id))
        }
      }
      return samples
    }
  }

  /// The CPU time process `pid` has used so far, in milliseconds, by its
  /// CPU-time clock (`clock_getcpuclockid`): nanoseconds, and threads that
  /// ended count too (`/proc/PID/stat` counts in ticks of 10 ms, more than
  /// a poll takes; a sum over `/proc/PID/task` loses the threads that end).
  static func cpuMilliseconds(of pid: pid_t) throws -> Double {
    var clock = clockid_t()
    var time = timespec()
    guard clock_getcpuclockid(pid, &clock) == 0, clock_gettime(clock, &time) == 0 else {
      throw MeasuredRun.Failure(description: "cannot read the CPU time of process \(pid)")
    }
    return Double(time.tv_sec) * 1_000 + Double(time.tv_nsec) / 1_000_000
  }
}
