/// How well the quake's location is constrained: the figures the network
/// reports with its solution (`nst`, `dmin`, `rms`, `gap`).
public struct QuakeSolution: Hashable, Sendable {
  /// `nst`: the number of seismic stations used to locate the quake.
  public var stationCount: Int?
  /// `dmin`: the horizontal distance from the epicentre to the nearest
  /// station, in degrees (1° is about 111.2 km).
  public var minimumDistance: Double?
  /// `rms`: the root-mean-square travel-time residual, in seconds.
  public var rootMeanSquare: Double?
  /// `gap`: the largest azimuthal gap between azimuthally adjacent stations,
  /// in degrees (smaller is better constrained).
  public var azimuthalGap: Double?

  /// Creates a solution; every value is optional.
  public init(
    stationCount: Int? = nil, minimumDistance: Double? = nil, rootMeanSquare: Double? = nil,
    azimuthalGap: Double? = nil
  ) {
    self.stationCount = stationCount
    self.minimumDistance = minimumDistance
    self.rootMeanSquare = rootMeanSquare
    self.azimuthalGap = azimuthalGap
  }

  /// Nothing known.
  public static let unknown = QuakeSolution()
}
