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
  /// `TimeZone(identifier:)`: `TZ` without its leading `:`, a path in it
  /// (`:/etc/localtime`) resolved to the zone file it leads to; without
  /// `TZ`, the zone `/etc/localtime` leads to, else `/etc/timezone`'s
  /// name (a copied `/etc/localtime`), else `GMT`. An empty `TZ` is UTC,
  /// as the C library reads it.
  public static func identifier(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
    if var zone = environment["TZ"] {
      if zone.hasPrefix(":") { zone.removeFirst() }
      if zone.isEmpty { return "UTC" }
      return zone.hasPrefix("/") ? Self.zoneName(ofFile: zone) ?? zone : zone
    }
    if let zone = Self.zoneName(ofFile: "/etc/localtime") { return zone }
    if let text = try? String(contentsOfFile: "/etc/timezone", encoding: .utf8) {
      let zone = text.split(whereSeparator: \.isWhitespace).first.map(String.init) ?? ""
      if !zone.isEmpty { return zone }
    }
    return "GMT"
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

  /// The tz database name of the zone file `path` is or links to
  /// (`/usr/share/zoneinfo/Europe/Berlin` gives `Europe/Berlin`); `nil`
  /// when it leads to no file under a `zoneinfo` directory.
  private static func zoneName(ofFile path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    let target = String(cString: resolved)
    guard let range = target.firstRange(of: "zoneinfo/") else { return nil }
    return String(target[range.upperBound...])
  }
}
