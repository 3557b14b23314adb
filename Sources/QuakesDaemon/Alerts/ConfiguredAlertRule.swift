import QuakesData

/// An alert rule as the configuration wrote it: what the listener
/// evaluates (``rule``) and where its firings go (``channels``).
struct ConfiguredAlertRule: Hashable, Sendable {
  /// The filter, triggers and limits the listener evaluates.
  var rule: AlertRule
  /// The channels, in the order written.
  var channels: [AlertChannel]
  /// At most so many notifications per period; `nil` for no limit.
  var limit: AlertLimit?
  /// When only urgent firings go out; `nil` for never quiet.
  var quiet: QuietHours?
  /// The rule as one line of flow YAML (secrets left out), for
  /// `--check-config` and `quakectl alerts`.
  var source: String

  /// The rule's name.
  var name: String { self.rule.name }
}
