/// What makes an alert rule fire for a quake (the rule's `on:`).
public enum AlertTrigger: String, CaseIterable, Hashable, Sendable, Comparable {
  /// The quake entered the rule's filter: it is new in the cache, or an
  /// update made it match. Fires once per quake and rule.
  case new
  /// A quake the rule matched before and after an update was upgraded: its
  /// magnitude moved by at least the rule's step, its PAGER alert rose, its
  /// tsunami flag was set, or its review status became `reviewed`.
  case upgraded
  /// A quake the rule matched left the cache by a feed: deleted upstream,
  /// or its magnitude withdrawn.
  case deleted

  public static func < (lhs: AlertTrigger, rhs: AlertTrigger) -> Bool {
    Self.allCases.firstIndex(of: lhs) ?? 0 < Self.allCases.firstIndex(of: rhs) ?? 0
  }
}
