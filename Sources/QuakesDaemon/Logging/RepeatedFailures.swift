package import Foundation

/// Decides which poll failures of one feed reach the log, so that a failure
/// repeating on every poll does not fill it (nor use up journald's rate
/// limit, which would hide other lines): the first failure is logged; the
/// same failure again only once an hour, with how many times it came and
/// since when; a different failure, or the recovery, at once, closing the
/// run before it with its count.
///
/// Failures are the same when their messages are, but for libcurl's own
/// detail in parentheses, which carries timings (`after 3 ms`).
package struct RepeatedFailures: Sendable {
  /// How long a repeating failure stays quiet between two lines.
  package static let reminderInterval: TimeInterval = 3_600

  private struct Run {
    var message: String
    var key: String
    var count: Int
    var since: Date
    var lastLogged: Date
  }

  private var run: Run?

  /// Creates the log of a feed that has not failed yet.
  package init() {}

  /// The lines to log for a failure with `message` at `date`; none while it
  /// repeats within the hour.
  package mutating func failed(_ message: String, at date: Date) -> [String] {
    let key = Self.key(of: message)
    guard var run = self.run else {
      self.run = Run(message: message, key: key, count: 1, since: date, lastLogged: date)
      return ["failed: \(message)"]
    }
    guard run.key == key else {
      let closing = run.count > 1 ? ["failed \(Self.times(run)); now failing otherwise"] : []
      self.run = Run(message: message, key: key, count: 1, since: date, lastLogged: date)
      return closing + ["failed: \(message)"]
    }
    run.count += 1
    run.message = message
    defer { self.run = run }
    guard date.timeIntervalSince(run.lastLogged) >= Self.reminderInterval else { return [] }
    run.lastLogged = date
    return ["failed (\(Self.times(run))): \(message)"]
  }

  /// The line to log for a success; `nil` unless failures were held back
  /// (after one failure, the success's own line says enough).
  package mutating func succeeded() -> String? {
    guard let run = self.run else { return nil }
    self.run = nil
    return run.count > 1 ? "recovered after failing \(Self.times(run))" : nil
  }

  /// `×37 since 12:00` (the time in UTC, with the date when not today's).
  private static func times(_ run: Run) -> String {
    "×\(run.count) since \(Self.format(run.since))"
  }

  private static func format(_ date: Date) -> String {
    let utc = Date.ISO8601FormatStyle(timeZone: .gmt)
    let day = date.formatted(utc.year().month().day())
    let time = date.formatted(utc.time(includingFractionalSeconds: false).timeSeparator(.colon))
    return day == Date().formatted(utc.year().month().day()) ? "\(time.prefix(5)) UTC" : "\(day) \(time.prefix(5)) UTC"
  }

  /// The message without libcurl's detail, e.g. ` (libcurl: … after 3 ms)`,
  /// up to its closing parenthesis (the detail may hold parentheses too).
  package static func key(of message: String) -> String {
    guard let start = message.range(of: " (libcurl: ") else { return message }
    var depth = 1
    var index = start.upperBound
    while index < message.endIndex {
      switch message[index] {
      case "(": depth += 1
      case ")": depth -= 1
      default: break
      }
      index = message.index(after: index)
      if depth == 0 { break }
    }
    return String(message[..<start.lowerBound]) + message[index...]
  }
}
