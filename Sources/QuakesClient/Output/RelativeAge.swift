public import FoundationEssentials

/// How long ago a time was, short: `45s ago`, `12m ago`, `3h ago`, `2d ago`.
public enum RelativeAge {
  /// `date`'s age at `now`.
  public static func text(_ date: Date, now: Date) -> String {
    let seconds = now.timeIntervalSince(date)
    guard seconds >= 0 else { return "in \(self.span(-seconds))" }
    return "\(self.span(seconds)) ago"
  }

  /// `seconds` (not negative) in its largest whole unit. Days are capped at
  /// a billion, so a date from a damaged answer prints instead of trapping
  /// on the conversion to `Int`.
  static func span(_ seconds: Double) -> String {
    let seconds = seconds.isNaN ? 0 : min(seconds, 86_400e9)
    return switch seconds {
    case ..<60: "\(Int(seconds))s"
    case ..<3_600: "\(Int(seconds / 60))m"
    case ..<86_400: "\(Int(seconds / 3_600))h"
    default: "\(Int(seconds / 86_400))d"
    }
  }
}
