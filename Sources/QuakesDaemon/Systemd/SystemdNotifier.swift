import CSystemd
import Glibc

/// Tells systemd how the daemon is doing, through `sd_notify(3)`: readiness
/// (`Type=notify`), a one-line status for `systemctl status`, watchdog pings,
/// reloads and the start of a graceful stop.
///
/// Outside systemd (no `NOTIFY_SOCKET`) every call does nothing, so the
/// daemon calls it unconditionally.
public struct SystemdNotifier: Sendable {
  /// Creates a notifier for the service manager named by `NOTIFY_SOCKET`.
  public init() {}

  /// Whether a service manager listens (`NOTIFY_SOCKET` is set).
  public var isActive: Bool {
    getenv("NOTIFY_SOCKET") != nil
  }

  /// How often to send `WATCHDOG=1`: half of `WATCHDOG_USEC`, as
  /// `sd_watchdog_enabled(3)` advises; `nil` when no watchdog is set for
  /// this process.
  public var watchdogPingInterval: Duration? {
    var microseconds: UInt64 = 0
    guard sd_watchdog_enabled(0, &microseconds) > 0, microseconds > 0 else { return nil }
    return .microseconds(Int64(clamping: microseconds / 2))
  }

  /// `READY=1`: the cache is loaded and the sockets listen.
  public func ready(status: String) {
    self.send("READY=1\nSTATUS=\(Self.oneLine(status))")
  }

  /// `EXTEND_TIMEOUT_USEC=`: the start takes longer than systemd's start
  /// timeout allows (a large cache to load, a schema to migrate); systemd
  /// waits `duration` more from now. Sent again before that runs out.
  public func extendStart(by duration: Duration, status: String) {
    let microseconds = duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000
    self.send("EXTEND_TIMEOUT_USEC=\(microseconds)\nSTATUS=\(Self.oneLine(status))")
  }

  /// `RELOADING=1` with `MONOTONIC_USEC`: a reload of the configuration
  /// began; ``ready(status:)`` says it ended. `Type=notify-reload` (systemd
  /// 253) needs both, and the time, to tell this reload from an older one.
  public func reloading() {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    let microseconds = UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1_000
    self.send("RELOADING=1\nMONOTONIC_USEC=\(microseconds)\nSTATUS=reloading the configuration")
  }

  /// `STATUS=`: what `systemctl status quakesd` shows.
  public func status(_ status: String) {
    self.send("STATUS=\(Self.oneLine(status))")
  }

  /// `WATCHDOG=1`: the poll loop is alive.
  public func watchdog() {
    self.send("WATCHDOG=1")
  }

  /// `STOPPING=1`: a graceful stop began.
  public func stopping(status: String) {
    self.send("STOPPING=1\nSTATUS=\(Self.oneLine(status))")
  }

  private func send(_ state: String) {
    guard self.isActive else { return }
    _ = sd_notify(0, state)
  }

  /// A status is one line: newlines would start new assignments.
  private static func oneLine(_ text: String) -> String {
    text.split(whereSeparator: \.isNewline).joined(separator: " ")
  }
}
