/// The PAGER alert level USGS gives a quake (`properties.alert`): the
/// estimated fatalities and economic losses, from green (none expected) to
/// red (extensive). Ordered, so a filter can ask for "yellow or worse".
public enum AlertLevel: String, CaseIterable, Comparable, Codable, Sendable, CustomStringConvertible {
  case green, yellow, orange, red

  /// The level for a word as USGS writes it, in any case; `nil` for a word
  /// PAGER does not use.
  public init?(word: String) {
    self.init(rawValue: word.lowercased())
  }

  public static func < (lhs: AlertLevel, rhs: AlertLevel) -> Bool {
    lhs.rank < rhs.rank
  }

  public var description: String { self.rawValue }

  private var rank: Int {
    switch self {
    case .green: 0
    case .yellow: 1
    case .orange: 2
    case .red: 3
    }
  }
}
