/// One of the USGS GeoJSON summary feeds: a magnitude threshold over a time window.
///
/// The seed's four ranges are `all_hour`, `all_day`, `all_week` and
/// `all_month`; USGS also publishes `significant`, `4.5`, `2.5` and `1.0`
/// over the same four windows. The feed's URL belongs to the remote store;
/// here is what the reducer needs to know: its name, its window, and whether
/// it is complete for that window.
public struct QuakesFeed: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// Which events a feed lists.
  public enum Threshold: String, CaseIterable, Sendable {
    /// Every event.
    case all
    /// Events USGS rates significant (magnitude, felt reports, impact).
    case significant
    /// Magnitude 4.5 and above.
    case magnitude4_5 = "4.5"
    /// Magnitude 2.5 and above.
    case magnitude2_5 = "2.5"
    /// Magnitude 1.0 and above.
    case magnitude1_0 = "1.0"
  }

  /// How far back a feed reaches.
  public enum Period: String, CaseIterable, Sendable {
    case hour, day, week, month

    /// The length of the window in seconds (USGS's month is 30 days).
    public var seconds: Double {
      switch self {
      case .hour: 3_600
      case .day: 86_400
      case .week: 7 * 86_400
      case .month: 30 * 86_400
      }
    }
  }

  /// Which events the feed lists.
  public let threshold: Threshold
  /// How far back the feed reaches.
  public let period: Period

  /// Creates the feed of `threshold` events over `period`.
  public init(_ threshold: Threshold, _ period: Period) {
    self.threshold = threshold
    self.period = period
  }

  /// Parses a feed name such as `all_day` or `4.5_week`.
  public init?(name: String) {
    guard let separator = name.lastIndex(of: "_"),
      let threshold = Threshold(rawValue: String(name[..<separator])),
      let period = Period(rawValue: String(name[name.index(after: separator)...]))
    else { return nil }
    self.init(threshold, period)
  }

  /// The USGS name, e.g. `all_day`, `4.5_week`: also the file name of its URL.
  public var name: String { "\(self.threshold.rawValue)_\(self.period.rawValue)" }

  public var description: String { self.name }

  /// Whether the feed lists every event of its window. Only the `all_*` feeds
  /// do: a magnitude feed drops an event revised below its threshold, so an
  /// absence there does not mean USGS deleted the event.
  public var isComplete: Bool { self.threshold == .all }

  /// Every feed USGS publishes, in a stable order.
  public static let allFeeds: [QuakesFeed] = Threshold.allCases.flatMap { threshold in
    Period.allCases.map { QuakesFeed(threshold, $0) }
  }

  /// The seed's four ranges.
  public static let allHour = QuakesFeed(.all, .hour)
  public static let allDay = QuakesFeed(.all, .day)
  public static let allWeek = QuakesFeed(.all, .week)
  public static let allMonth = QuakesFeed(.all, .month)

  public static func < (lhs: QuakesFeed, rhs: QuakesFeed) -> Bool {
    let order = Self.allFeeds
    return (order.firstIndex(of: lhs) ?? 0) < (order.firstIndex(of: rhs) ?? 0)
  }
}
