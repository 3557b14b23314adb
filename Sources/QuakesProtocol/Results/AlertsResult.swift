public import QuakesModel

/// The result of `alerts.list`: every alert rule of the configuration, with
/// what it did.
public struct AlertsResult: Hashable, Sendable, Codable {
  /// The rules, by name.
  public var rules: [Rule]

  /// Creates a result.
  public init(rules: [Rule]) {
    self.rules = rules
  }

  /// One rule.
  public struct Rule: Hashable, Sendable, Codable {
    /// Its name.
    public var name: String
    /// What it fires on: `new`, `upgraded`, `deleted`.
    public var on: [String]
    /// Its channels; a webhook's URL shows its origin only (the rest often is a secret).
    public var channels: [String]
    /// The rule as the configuration wrote it, on one line.
    public var rule: String
    /// Its firings and deliveries (tests left out).
    public var activity: AlertActivity

    /// Creates a rule.
    public init(name: String, on: [String], channels: [String], rule: String, activity: AlertActivity) {
      self.name = name
      self.on = on
      self.channels = channels
      self.rule = rule
      self.activity = activity
    }
  }
}
