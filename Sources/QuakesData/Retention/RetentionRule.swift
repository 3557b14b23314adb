public import QuakesModel

/// One rule of the configuration's `retention`: the quakes `filter` keeps
/// are kept for ``keep`` after their origin time, or forever.
///
/// Rules are read in order; the first whose filter matches a quake decides
/// for it, and a quake no rule matches is kept forever.
public struct RetentionRule: Hashable, Sendable {
  /// Which quakes the rule is about (every `quakes.list` filter).
  public var filter: QuakesQuery.Filter
  /// How many seconds after its origin time a quake is kept; `nil` for forever.
  public var keepSeconds: Double?
  /// The rule as the configuration wrote it, for messages and reports.
  public var source: String

  /// Creates a rule.
  public init(filter: QuakesQuery.Filter = QuakesQuery.Filter(), keepSeconds: Double?, source: String = "") {
    self.filter = filter
    self.keepSeconds = keepSeconds
    self.source = source
  }
}
