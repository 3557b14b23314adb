/// How old a feed's last success may be for `quakectl health`: a number of
/// the feed's own intervals (`3`, the default), or a fixed time (`45m`).
public enum HealthMaxAge: Hashable, Sendable {
  /// That many of each feed's polling intervals.
  case intervals(Int)
  /// That many seconds, whatever the interval.
  case seconds(Double)

  /// Three intervals: one missed poll is not an alarm, three are.
  public static let standard = HealthMaxAge.intervals(3)

  /// The most intervals `--max-age` takes.
  public static let maximumIntervals = 1_000
  /// The longest time `--max-age` takes: a year.
  public static let maximumSeconds = 366.0 * 86_400

  /// `text` as `--max-age` takes it: a whole number of intervals (1 to
  /// ``maximumIntervals``), or a number and a unit, `s`, `m`, `h`, `d` or
  /// `w` (above 0, at most a year); `nil` otherwise.
  public init?(_ text: String) {
    if let count = Int(text) {
      guard (1...Self.maximumIntervals).contains(count) else { return nil }
      self = .intervals(count)
      return
    }
    guard let unit = text.last, let unitSeconds = Self.unitSeconds[unit], let amount = Double(text.dropLast()),
      amount.isFinite, amount > 0, amount * unitSeconds <= Self.maximumSeconds
    else { return nil }
    self = .seconds(amount * unitSeconds)
  }

  /// The age allowed for a feed polled every `interval` seconds.
  func seconds(forInterval interval: Int) -> Double {
    switch self {
    case .intervals(let count): Double(count) * Double(interval)
    case .seconds(let seconds): seconds
    }
  }

  /// What the init accepts, for error messages and `--help`.
  public static let accepted =
    "a number of intervals (1 to \(maximumIntervals)) or a time such as 90s, 45m, 2h, 1d (at most a year)"

  private static let unitSeconds: [Character: Double] = ["s": 1, "m": 60, "h": 3_600, "d": 86_400, "w": 604_800]
}
