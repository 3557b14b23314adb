import Foundation
import QuakesClient
import QuakesModel
import QuakesProtocol
import Testing

@Suite("quakectl health: the verdict on a status")
struct HealthReportTests {
  private static let now = Date(timeIntervalSince1970: 1_700_000_000)

  private static func time(_ secondsAgo: Double) -> String {
    Timestamp.iso8601(now.addingTimeInterval(-secondsAgo))
  }

  private static func status(
    startedSecondsAgo: Double = 86_400, cache: CacheLoadState = .loaded, feeds: [StatusResult.Feed]
  ) -> StatusResult {
    StatusResult(
      daemon: .init(version: QuakesdProduct.version, pid: 1, startedAt: self.time(startedSecondsAgo)),
      cache: .init(count: 10, state: cache, error: cache == .failed ? "the database is not quakesd's" : nil),
      database: .init(path: "/var/lib/quakesd/quakes.sqlite", sizeBytes: 4_096), feeds: feeds)
  }

  private static func feed(_ name: String, every interval: Int?, succeeded secondsAgo: Double?) -> StatusResult.Feed {
    StatusResult.Feed(
      feed: name, state: .ok, intervalSeconds: interval, lastSuccess: secondsAgo.map(self.time),
      lastError: .init(date: self.time(30), message: "\(name): HTTP 503"))
  }

  @Test("within three intervals is healthy; beyond them is a problem that names the feed, the age and the last error")
  func threeIntervals() {
    let report = HealthReport(
      status: Self.status(feeds: [
        Self.feed("all_hour", every: 60, succeeded: 179), Self.feed("all_day", every: 300, succeeded: 901),
      ]), now: Self.now, maxAge: .standard)
    #expect(!report.healthy)
    #expect(report.feeds.map(\.healthy) == [true, false])
    #expect(report.feeds.map(\.maxAgeSeconds) == [180, 900])
    #expect(
      report.problems == ["all_day: last success 15m ago, longer than the 15m allowed; last error: all_day: HTTP 503"])
  }

  @Test("a feed with no success yet is judged from the daemon's start: no alarm in the first intervals after a boot")
  func graceAfterStart() {
    let starting = HealthReport(
      status: Self.status(startedSecondsAgo: 100, feeds: [Self.feed("all_day", every: 300, succeeded: nil)]),
      now: Self.now, maxAge: .standard)
    #expect(starting.healthy)
    #expect(starting.summary(now: Self.now) == "ok: every scheduled feed polled on time (all_day not yet (starting))")
    let never = HealthReport(
      status: Self.status(startedSecondsAgo: 1_000, feeds: [Self.feed("all_day", every: 300, succeeded: nil)]),
      now: Self.now, maxAge: .standard)
    #expect(!never.healthy)
    #expect(never.problems.first?.hasPrefix("all_day: no success since quakesd started 16m ago") == true)
    // Down for a day, up for 100 s: the success the database remembers is old, the daemon is not.
    let restarted = HealthReport(
      status: Self.status(startedSecondsAgo: 100, feeds: [Self.feed("all_day", every: 300, succeeded: 86_400)]),
      now: Self.now, maxAge: .standard)
    #expect(restarted.healthy && restarted.feeds.first?.ageSeconds == 100)
  }

  @Test("a fixed --max-age applies to every feed whatever its interval; feeds fetched on request are not judged")
  func fixedAgeAndUnscheduledFeeds() {
    let report = HealthReport(
      status: Self.status(feeds: [
        Self.feed("all_week", every: 3_600, succeeded: 120), Self.feed("significant_month", every: nil, succeeded: nil),
      ]), now: Self.now, maxAge: .seconds(60))
    #expect(report.feeds.map(\.feed) == ["all_week"])
    #expect(!report.healthy && report.feeds.first?.maxAgeSeconds == 60)
  }

  @Test("a cache that failed to load is a problem even when every feed is fine; no feed at all is healthy")
  func cacheAndNoFeeds() {
    let failed = HealthReport(
      status: Self.status(cache: .failed, feeds: [Self.feed("all_day", every: 300, succeeded: 10)]), now: Self.now,
      maxAge: .standard)
    #expect(failed.problems == ["cache: failed to load: the database is not quakesd's"])
    let empty = HealthReport(status: Self.status(feeds: []), now: Self.now, maxAge: .standard)
    #expect(empty.healthy && empty.summary(now: Self.now) == "ok: quakesd runs; no feed is scheduled")
  }

  @Test("--max-age: whole intervals 1 to 1,000, or a time above 0 and at most a year; anything else is refused")
  func maxAgeArgument() {
    #expect(HealthMaxAge("3") == .intervals(3))
    #expect(HealthMaxAge("1000") == .intervals(1_000))
    #expect(HealthMaxAge("45m") == .seconds(2_700))
    #expect(HealthMaxAge("1.5h") == .seconds(5_400))
    #expect(HealthMaxAge("52w") == .seconds(52 * 604_800))
    for refused in [
      "0", "-1", "1001", "0s", "-5m", "53w", "nanm", "infh", "1e308d", "5x", "", "m", "9999999999999999999",
    ] {
      #expect(HealthMaxAge(refused) == nil, "\(refused)")
    }
  }
}
