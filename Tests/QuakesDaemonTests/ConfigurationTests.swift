import QuakesDaemon
import QuakesData
import Testing

@Suite("Durations and feed schedules as people write them")
struct ConfigurationTests {
  @Test(
    "durations: units, combinations, bare seconds",
    arguments: [("90s", 90), ("5m", 300), ("1h", 3_600), ("2d", 172_800), ("1h30m", 5_400), ("45", 45), (" 10M ", 600)])
  func durations(text: String, seconds: Int64) {
    #expect(DurationText.parse(text) == .seconds(seconds))
  }

  @Test(
    "anything else is not a duration, however large or odd",
    arguments: [
      "", "m", "5x", "-5m", "0", "1h-", "five minutes", "5m5", "1e300", "inf", "nan", "99999999999999999999", "1e3m",
      "0x10",
      "0.0004", "0.0004s", "1000000000", "16666667m",
    ])
  func notDurations(text: String) {
    #expect(DurationText.parse(text) == nil)
  }

  @Test("durations print the way they parse")
  func formatting() {
    #expect(DurationText.format(.seconds(5_400)) == "1h30m")
    #expect(DurationText.format(.seconds(86_400)) == "1d")
    #expect(DurationText.format(.seconds(59)) == "59s")
    #expect(DurationText.parse(DurationText.format(.seconds(93_784))) == .seconds(93_784))
    #expect(DurationText.format(.milliseconds(1)) == "0.001s")
    #expect(DurationText.format(.milliseconds(90_500)) == "1m30.5s")
    #expect(DurationText.format(.milliseconds(3_600_040)) == "1h0.04s")
    #expect(DurationText.parse(DurationText.format(.milliseconds(3_723_004))) == .milliseconds(3_723_004))
  }

  @Test(
    "durations are kept to the nearest millisecond; under half a millisecond is refused, not a zero timeout",
    arguments: [("0.001", 1), ("0.0005", 1), ("1.001s", 1_001), ("0.5m", 30_000), ("59.999s", 59_999)])
  func milliseconds(text: String, milliseconds: Int64) {
    #expect(DurationText.parse(text) == .milliseconds(milliseconds))
  }

  @Test("a feed with and without its interval")
  func feedSchedules() throws {
    #expect(try FeedSchedule(parsing: "all_day=10m") == FeedSchedule(feed: .allDay, interval: .seconds(600)))
    #expect(try FeedSchedule(parsing: "4.5_week").interval == .seconds(3_600))
    #expect(try FeedSchedule(parsing: "all_hour").interval == .seconds(60))
    #expect(try FeedSchedule(parsing: "significant_month").interval == .seconds(86_400))
    #expect(FeedSchedule.defaults.map(\.description) == ["all_hour=1m", "all_day=5m", "all_week=1h", "all_month=1d"])
  }

  @Test(
    "bad schedules name the value and what is allowed",
    arguments: [
      ("all_year=5m", "unknown feed \"all_year\""), ("all_day=30s", "use 60s or more"),
      ("all_day=soon", "is not a duration"),
    ])
  func badSchedules(text: String, message: String) {
    #expect(throws: ConfigurationError.self) { try FeedSchedule(parsing: text) }
    do {
      _ = try FeedSchedule(parsing: text)
    } catch {
      #expect(error.message.contains(message), "\(error.message)")
    }
  }
}

@Suite("Backoff: interval after a success, exponential after failures")
struct BackoffTests {
  private let backoff = Backoff()

  @Test("after a success: the interval, ±10 %, never under a minute")
  func afterSuccess() {
    #expect(self.backoff.delay(after: 0, interval: .seconds(300), random: 0) == .seconds(270))
    #expect(self.backoff.delay(after: 0, interval: .seconds(300), random: 1) == .seconds(330))
    #expect(self.backoff.delay(after: 0, interval: .seconds(60), random: 0) == .seconds(60))
  }

  @Test("after failures: doubling from a minute, capped at 30 minutes, with half of it jittered")
  func afterFailures() {
    let upper = (1...8).map { self.backoff.delay(after: $0, interval: .seconds(86_400), random: 1) }
    #expect(upper == [60, 120, 240, 480, 960, 1_800, 1_800, 1_800].map { Duration.seconds($0) })
    #expect(self.backoff.delay(after: 3, interval: .seconds(60), random: 0) == .seconds(120))
    #expect(self.backoff.delay(after: 1, interval: .seconds(60), random: 0) == .seconds(60), "never under a minute")
    #expect(self.backoff.delay(after: 1_000, interval: .seconds(60), random: 1) == .seconds(1_800))
  }
}
