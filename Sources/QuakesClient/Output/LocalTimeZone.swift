public import FoundationEssentials
import Glibc

/// The user's time zone as the C library reads it (`TZ`, else
/// `/etc/localtime`): what quakectl shows local times in and names to the
/// daemon for `--day`.
///
/// quakectl links FoundationEssentials alone, without the ICU that
/// Foundation's named time zones need (there `TimeZone.current` is GMT), so
/// it reads the zone the way Foundation itself reads it on Linux and lets
/// `localtime_r` do the arithmetic (docs/benchmarks-analysis.md, issue 33).
public enum LocalTimeZone {
  /// The zone's name in the tz database (`Europe/Berlin`), for the daemon's
  /// `TimeZone(identifier:)`: `TZ` without its leading `:` or zoneinfo
  /// directory, else the zone `/etc/localtime` links to, else `GMT`.
  public static func identifier(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
    if var zone = environment["TZ"], !zone.isEmpty {
      if zone.hasPrefix(":") { zone.removeFirst() }
      return Self.zoneName(inPath: zone)
    }
    var target = [CChar](repeating: 0, count: 4096)
    let length = readlink("/etc/localtime", &target, target.count - 1)
    guard length > 0 else { return "GMT" }
    return Self.zoneName(inPath: String(decoding: target[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self))
  }

  /// `YYYY-MM-DD HH:MM:SS`, the wall-clock time of `date` in UTC or in the
  /// local zone, its seconds truncated.
  public static func wallClockText(_ date: Date, utc: Bool) -> String {
    var seconds = time_t(min(max(date.timeIntervalSince1970.rounded(.down), -1e15), 1e15))
    var fields = tm()
    let converted = utc ? gmtime_r(&seconds, &fields) : localtime_r(&seconds, &fields)
    guard converted != nil else { return "-" }
    return String(
      printf: "%04d-%02d-%02d %02d:%02d:%02d", Int32(fields.tm_year) + 1900, fields.tm_mon + 1, fields.tm_mday,
      fields.tm_hour, fields.tm_min, fields.tm_sec)
  }

  private static func zoneName(inPath path: String) -> String {
    guard let range = path.firstRange(of: "zoneinfo/") else { return path }
    return String(path[range.upperBound...])
  }
}
