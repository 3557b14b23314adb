import QuakesData
import QuakesModel
import Testing

@testable import QuakesDaemon

/// The daemon's own messages with a count of one: what `systemctl status`
/// shows after a poll.
@Suite("Daemon messages with a count of one")
struct PluralMessagesTests {
  @Test("systemd's STATUS= with one cached quake says \"1 quake\", with two \"2 quakes\"")
  func systemdStatus() {
    #expect(SystemdStatus.ready(cached: 1) == "serving 1 cached quake; first polls under way")
    #expect(
      SystemdStatus.afterPoll(of: .allDay, .written(QuakesDiff.Counts(inserted: 1)), cached: 1)
        == "all_day: 1 inserted, 0 updated, 0 deleted; 1 quake cached")
    #expect(SystemdStatus.afterPoll(of: .allDay, .notModified, cached: 2) == "all_day: not modified; 2 quakes cached")
  }
}
