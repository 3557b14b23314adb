import Foundation

/// HTTP dates in the one format servers send (RFC 9110's IMF-fixdate,
/// `Sun, 06 Nov 1994 08:49:37 GMT`): English names, GMT, whatever the
/// process's locale and time zone.
enum HTTPDate {
  /// The IMF-fixdate of `seconds` since 1970.
  static func format(secondsSince1970 seconds: Int64) -> String {
    Self.formatter().string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
  }

  /// The seconds since 1970 of an IMF-fixdate, or `nil` for anything else
  /// (a server ignores an `If-Modified-Since` it cannot read).
  static func parse(_ text: String) -> Int64? {
    Self.formatter().date(from: text).map { Int64($0.timeIntervalSince1970.rounded(.down)) }
  }

  /// A new formatter per use: `DateFormatter` is not `Sendable`, and the
  /// stand-in formats a date only when a feed is set or a request is conditional.
  private static func formatter() -> DateFormatter {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(secondsFromGMT: 0)
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
    formatter.isLenient = false
    return formatter
  }
}
