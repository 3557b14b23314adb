/// What a quake did, or may have done, to people: the felt reports, the
/// intensities, the PAGER alert, the tsunami flag and USGS's significance.
///
/// Each is `nil` when USGS did not say (most small quakes have no felt
/// reports, intensities or alert).
public struct QuakeImpact: Hashable, Sendable {
  /// `felt`: how many "Did You Feel It?" reports people sent.
  public var felt: Int?
  /// `cdi`: the largest community decimal intensity from those reports (0–12).
  public var cdi: Double?
  /// `mmi`: the largest Modified Mercalli intensity ShakeMap computed (0–12).
  public var mmi: Double?
  /// `alert`: the PAGER alert level.
  public var alert: AlertLevel?
  /// `tsunami`: whether the event is in a region where the tsunami warning
  /// centres issued a message (USGS writes `1`/`0`; it is a flag, not a warning).
  public var tsunami: Bool?
  /// `sig`: USGS's significance, 0 and up (600 and more counts as significant),
  /// from magnitude, felt reports, intensity and estimated impact.
  public var significance: Int?

  /// Creates an impact; every value is optional.
  public init(
    felt: Int? = nil, cdi: Double? = nil, mmi: Double? = nil, alert: AlertLevel? = nil, tsunami: Bool? = nil,
    significance: Int? = nil
  ) {
    self.felt = felt
    self.cdi = cdi
    self.mmi = mmi
    self.alert = alert
    self.tsunami = tsunami
    self.significance = significance
  }

  /// Nothing known.
  public static let unknown = QuakeImpact()
}
