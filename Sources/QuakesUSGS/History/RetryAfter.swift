package import Foundation

/// Reads a `Retry-After` header (RFC 9110 §10.2.3): a number of seconds, or
/// an HTTP date. A value that is neither, or negative, is ignored (the
/// caller's own backoff applies); a date in the past means "now".
package enum RetryAfter {
  /// The delay `value` asks for, at most `limit`; `nil` when unreadable.
  package static func delay(_ value: String, now: Date, limit: Duration) -> Duration? {
    let text = value.trimmingCharacters(in: .whitespaces)
    if let seconds = Int64(text) {
      guard seconds >= 0 else { return nil }
      return min(.seconds(seconds), limit)
    }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(secondsFromGMT: 0)
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
    formatter.isLenient = false
    guard let date = formatter.date(from: text) else { return nil }
    let seconds = date.timeIntervalSince(now)
    guard seconds.isFinite, seconds > 0 else { return .zero }
    return min(.milliseconds(Int64(min(seconds, 86_400) * 1000)), limit)
  }
}
