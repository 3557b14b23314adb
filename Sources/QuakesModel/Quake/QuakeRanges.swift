/// The values a cached quake may hold.
///
/// They are checked where values enter the daemon — the feed decoder, rows
/// read back from the database — so that nothing downstream converts,
/// stores or prints a value it cannot handle: a time that does not fit in
/// epoch milliseconds, an ISO 8601 year of five digits that no reader of our
/// JSON parses back, a latitude of 1e308. A feature whose time, coordinates, depth or
/// magnitude is outside these ranges is skipped and counted like one that
/// lacks a required field (docs/usgs.md); any other value outside its range
/// (felt reports, intensities, significance, the solution's figures, the
/// time-zone offset) is kept as unknown, and the quake is kept.
///
/// The ranges are generous: they reject what cannot be a real event, not
/// what is unusual (USGS sends magnitudes down to −1.64, depths of −10 km as
/// a placeholder, and longitudes a little beyond ±180).
public enum QuakeRanges {
  /// Times (`time`, `updated`, `metadata.generated`) in epoch milliseconds:
  /// 0001-01-01T00:00:00.000Z through 9999-12-31T23:59:59.999Z, the years
  /// ISO 8601 writes with four digits, so every time we serve parses back.
  public static let milliseconds: ClosedRange<Int64> = -62_135_596_800_000...253_402_300_799_999

  /// Degrees north.
  public static let latitude: ClosedRange<Double> = -90...90

  /// Degrees east, as the cache keeps them.
  public static let longitude: ClosedRange<Double> = -180...180

  /// Degrees east as a feed may send them: up to one turn beyond ±180 is
  /// the same meridian, and ``longitude(fromFeed:)`` wraps it into ``longitude``.
  public static let feedLongitude: ClosedRange<Double> = -540...540

  /// Magnitudes on any scale USGS uses (the largest ever measured is 9.5;
  /// micro-earthquakes go below 0).
  public static let magnitude: ClosedRange<Double> = -10...12

  /// Kilometres below the surface (negative above it; the deepest known
  /// quakes are about 700 km down).
  public static let depth: ClosedRange<Double> = -100...1_000

  /// `felt`: "Did You Feel It?" reports (the most ever sent for one quake
  /// is a few million).
  public static let felt: ClosedRange<Int> = 0...1_000_000_000

  /// `cdi` and `mmi`: intensities on the twelve-degree scales.
  public static let intensity: ClosedRange<Double> = 0...12

  /// `sig`: significance (the largest quakes score about 3,000).
  public static let significance: ClosedRange<Int> = 0...100_000

  /// `nst`: stations used in a solution.
  public static let stationCount: ClosedRange<Int> = 0...100_000

  /// `dmin` and `gap`: angles in degrees.
  public static let minimumDistance: ClosedRange<Double> = 0...180
  public static let azimuthalGap: ClosedRange<Double> = 0...360

  /// `rms`: a travel-time residual in seconds.
  public static let rootMeanSquare: ClosedRange<Double> = 0...1_000

  /// `tz`: a time-zone offset in minutes.
  public static let timeZoneOffset: ClosedRange<Int> = -1_440...1_440

  /// `value` wrapped into ``longitude`` when it lies in ``feedLongitude``
  /// (−180.5 becomes 179.5; ±180 and everything inside stay as sent),
  /// otherwise `nil`.
  public static func longitude(fromFeed value: Double) -> Double? {
    if Self.longitude.contains(value) { return value }
    guard Self.feedLongitude.contains(value) else { return nil }
    let wrapped = (value + 180).truncatingRemainder(dividingBy: 360)
    return wrapped < 0 ? wrapped + 180 : wrapped - 180
  }
}
