public import Foundation
public import QuakesModel

/// How far the cached catalogue reaches: its oldest and newest origin
/// times, its smallest magnitude and the box of its epicentres. A
/// reconciliation asks the FDSN event service about this much.
public struct CatalogueExtent: Hashable, Sendable {
  /// The oldest cached origin time.
  public var oldest: Date
  /// The newest cached origin time.
  public var newest: Date
  /// The smallest cached magnitude; `nil` when no quake has one.
  public var smallestMagnitude: Double?
  /// The latitudes of the cached epicentres.
  public var latitudes: ClosedRange<Double>
  /// The longitudes of the cached epicentres.
  public var longitudes: ClosedRange<Double>

  /// Creates an extent.
  public init(
    oldest: Date, newest: Date, smallestMagnitude: Double?, latitudes: ClosedRange<Double>,
    longitudes: ClosedRange<Double>
  ) {
    self.oldest = oldest
    self.newest = newest
    self.smallestMagnitude = smallestMagnitude
    self.latitudes = latitudes
    self.longitudes = longitudes
  }

  /// The extent of `quakes`; `nil` when there are none.
  public init?(of quakes: some Sequence<Quake>) {
    var extent: CatalogueExtent?
    for quake in quakes {
      guard var known = extent else {
        extent = CatalogueExtent(
          oldest: quake.time, newest: quake.time, smallestMagnitude: quake.magnitude,
          latitudes: quake.latitude...quake.latitude, longitudes: quake.longitude...quake.longitude)
        continue
      }
      known.oldest = min(known.oldest, quake.time)
      known.newest = max(known.newest, quake.time)
      if let magnitude = quake.magnitude {
        known.smallestMagnitude = min(known.smallestMagnitude ?? magnitude, magnitude)
      }
      known.latitudes =
        min(known.latitudes.lowerBound, quake.latitude)...max(known.latitudes.upperBound, quake.latitude)
      known.longitudes =
        min(known.longitudes.lowerBound, quake.longitude)...max(known.longitudes.upperBound, quake.longitude)
      extent = known
    }
    guard let extent else { return nil }
    self = extent
  }
}
