import Foundation

/// One `until` bound per request, each after every quake any benchmark
/// catalogue holds (they start at 2100-01-01T00:00:00Z, one second apart).
///
/// "The newest N quakes before `until`" is then the same answer, and the
/// same work, as "the newest N quakes", but every request carries
/// parameters of its own, so no cache of results keyed by parameters
/// (quakesd's ListCache) can answer one request from another's result. The
/// comparisons that report uncached figures send these to both sides:
/// quakesd gets the ISO 8601 text, the SQLite peers the same instant in
/// epoch milliseconds (the `time` column of both files).
enum DistinctUntil {
  /// 2100-01-01T00:00:00Z, the bound of request 0.
  static let first = Date(timeIntervalSince1970: 4_102_444_800)

  /// The bound of request `index`.
  static func date(_ index: Int) -> Date {
    self.first.addingTimeInterval(Double(index))
  }

  /// The bound of request `index` as quakesd takes it, e.g. `2100-01-01T00:00:07Z`.
  static func iso8601(_ index: Int) -> String {
    self.date(index).formatted(.iso8601)
  }

  /// The bound of request `index` in epoch milliseconds, as the SQLite files store `time`.
  static func milliseconds(_ index: Int) -> Int64 {
    Int64(self.date(index).timeIntervalSince1970 * 1_000)
  }
}
