import Foundation
import QuakesModel
import Testing

@testable import QuakesDaemon

/// Quiet hours, on a clock that runs past midnight or not, in a time zone.
@Suite("Quiet hours")
struct QuietHoursTests {
  private func date(_ text: String) -> Date {
    Timestamp.parseISO8601(text) ?? .distantPast
  }

  @Test("22:00 to 07:00 runs past midnight, in the rule's time zone; its end is the next 07:00 there")
  func pastMidnight() throws {
    let zurich = try #require(TimeZone(identifier: "Europe/Zurich"))
    let quiet = QuietHours(from: 22 * 60, to: 7 * 60, timeZone: zurich)
    // 2026-01-15: Zurich is UTC+1.
    #expect(quiet.contains(self.date("2026-01-15T21:00:00Z")), "22:00 there")
    #expect(quiet.contains(self.date("2026-01-16T05:59:00Z")), "06:59 there")
    #expect(!quiet.contains(self.date("2026-01-16T06:00:00Z")), "07:00 there")
    #expect(!quiet.contains(self.date("2026-01-15T20:59:00Z")), "21:59 there")
    #expect(quiet.end(after: self.date("2026-01-15T23:30:00Z")) == self.date("2026-01-16T06:00:00Z"))
  }

  @Test("09:00 to 17:00 stays in one day")
  func sameDay() {
    let quiet = QuietHours(from: 9 * 60, to: 17 * 60, timeZone: .gmt)
    #expect(quiet.contains(self.date("2026-01-15T09:00:00Z")) && quiet.contains(self.date("2026-01-15T16:59:00Z")))
    #expect(!quiet.contains(self.date("2026-01-15T17:00:00Z")) && !quiet.contains(self.date("2026-01-15T08:59:00Z")))
  }

  @Test("clock times: HH:MM only, hours 0 to 23, minutes 0 to 59")
  func clockTimes() {
    #expect(
      QuietHours.minutes("07:30") == 450 && QuietHours.minutes("00:00") == 0 && QuietHours.minutes("23:59") == 1439)
    for text in ["24:00", "7:30", "07:60", "0730", "07:30:00", "", "ab:cd"] {
      #expect(QuietHours.minutes(text) == nil, "\(text)")
    }
  }
}
