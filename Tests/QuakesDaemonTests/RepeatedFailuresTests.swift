import Foundation
import QuakesDaemon
import Testing

/// Which poll failures reach the log: the first, a reminder an hour later
/// with the count, a change and a recovery at once.
@Suite("RepeatedFailures: a failure repeating on every poll logs once, with a count")
struct RepeatedFailuresTests {
  private static let start = Date(timeIntervalSince1970: 1_700_000_000)  // 2023-11-14 22:13:20 UTC
  private static let refused =
    "cannot fetch feed all_hour: the connection was refused (libcurl: Failed to connect after 0 ms (Couldn't connect)). quakesd keeps the cached quakes"

  @Test("the first failure is logged; the same one every minute is not, until an hour passed, then with its count")
  func repeatsAreHeldBack() {
    var log = RepeatedFailures()
    #expect(log.failed(Self.refused, at: Self.start) == ["failed: \(Self.refused)"])
    var lines: [String] = []
    for minute in 1...59 {
      let message = Self.refused.replacingOccurrences(of: "after 0 ms", with: "after \(minute) ms")
      lines += log.failed(message, at: Self.start + Double(minute * 60))
    }
    #expect(lines.isEmpty, "libcurl's timings do not make a failure new: \(lines)")
    let reminder = log.failed(Self.refused, at: Self.start + 3_600)
    #expect(reminder == ["failed (×61 since 2023-11-14 22:13 UTC): \(Self.refused)"])
    #expect(log.failed(Self.refused, at: Self.start + 3_660).isEmpty, "the next reminder is an hour later")
  }

  @Test("another failure closes the run with its count and is logged at once; a recovery too")
  func changeAndRecovery() {
    var log = RepeatedFailures()
    _ = log.failed(Self.refused, at: Self.start)
    _ = log.failed(Self.refused, at: Self.start + 60)
    let changed = log.failed("HTTP 503 from all_hour", at: Self.start + 120)
    #expect(
      changed == ["failed ×2 since 2023-11-14 22:13 UTC; now failing otherwise", "failed: HTTP 503 from all_hour"])
    #expect(log.failed("HTTP 500 from all_hour", at: Self.start + 180) == ["failed: HTTP 500 from all_hour"])
    _ = log.failed("HTTP 500 from all_hour", at: Self.start + 240)
    #expect(log.succeeded() == "recovered after failing ×2 since 2023-11-14 22:16 UTC")
    #expect(log.succeeded() == nil, "nothing to recover from twice")
    _ = log.failed(Self.refused, at: Self.start + 300)
    #expect(log.succeeded() == nil, "after one failure the success's own line says enough")
  }

  @Test("the key drops libcurl's detail, parentheses inside it included, and keeps what follows")
  func keyDropsLibcurlDetail() {
    #expect(
      RepeatedFailures.key(of: Self.refused)
        == "cannot fetch feed all_hour: the connection was refused. quakesd keeps the cached quakes")
    #expect(RepeatedFailures.key(of: "no detail (here)") == "no detail (here)")
    #expect(RepeatedFailures.key(of: "cut (libcurl: open") == "cut")
  }
}
