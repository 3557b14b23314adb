public import Foundation
public import QuakesModel

/// Which quakes the retention rules remove: pure functions of the state
/// and the clock. The local store applies the ``Plan`` to the whole
/// catalogue (it holds the quakes old enough to expire; the state holds
/// the live window) and reports what it removed.
///
/// A quake is removed when its first matching rule keeps it for less than
/// its age, unless a feed quakesd polls (``SyncOptions/polledFeeds``) still
/// carries it: a removal the next poll would undo is no removal. A polled
/// feed is taken to carry every quake of its threshold (all of them for
/// `all_*`, magnitude at least 4.5, 2.5 or 1.0, significance at least 600
/// for `significant_*`) newer than its window before its last
/// `metadata.generated` (or before now when it has none yet), widened by
/// ``SyncOptions/windowMargin`` since USGS cuts the window by its own clock.
public enum Retention {
  /// The significance from which USGS lists a quake in the `significant_*` feeds.
  public static let significantFrom = 600

  /// What the rules of `state` remove at `now`; `nil` when no rule has a limit.
  public static func plan(for state: QuakesState, rules: [RetentionRule], at now: Date) -> Plan? {
    guard rules.contains(where: { $0.keepSeconds != nil }) else { return nil }
    let carriers = state.options.polledFeeds.sorted().map { feed in
      Carrier(
        feed: feed, generated: state.feeds[feed]?.record.generated ?? now, margin: state.options.windowMargin)
    }
    return Plan(rules: rules, carriers: carriers, now: now)
  }

  /// The quakes of the state's own `data` that `rules` remove at `now`,
  /// oldest first.
  public static func expired(in state: QuakesState, rules: [RetentionRule], at now: Date) -> [Quake.ID] {
    guard let plan = self.plan(for: state, rules: rules, at: now) else { return [] }
    let test = plan.test()
    let data = state.quakes.data
    var expired: [Quake.ID] = []
    data.byTime.forEach(in: 0..<data.byTime.rank { $0.quake.time < plan.oldestExpiring }) { element in
      if test(element.quake) { expired.append(element.quake.id) }
      return true
    }
    return expired
  }

  /// The retention rules at one time, with the windows of the polled feeds.
  public struct Plan: Hashable, Sendable {
    /// The rules, in order.
    public var rules: [RetentionRule]
    /// The polled feeds' last windows.
    var carriers: [Carrier]
    /// The time the rules are applied at.
    public var now: Date

    /// Only quakes older than this may expire: now minus the shortest limit.
    public var oldestExpiring: Date {
      self.now.addingTimeInterval(-(self.rules.compactMap(\.keepSeconds).min() ?? .infinity))
    }

    /// The oldest time a polled feed still carries a quake from: a quake
    /// older than its limit but carried now may expire later, once no feed
    /// carries it; `nil` when no feed is polled.
    public var oldestCarried: Date? {
      self.carriers.map { $0.generated.addingTimeInterval(-$0.feed.period.seconds - $0.margin) }.min()
    }

    /// What to read to find every quake that expires: for each rule with
    /// a limit, the quakes its filter matches older than the limit. A
    /// quake read is removed only if ``test()`` says so (an earlier rule
    /// may keep it, or a polled feed carry it).
    public var candidates: [(filter: QuakesQuery.Filter, before: Date)] {
      self.rules.compactMap { rule in
        rule.keepSeconds.map { (rule.filter, self.now.addingTimeInterval(-$0)) }
      }
    }

    /// Whether a quake expires: its first matching rule keeps it for less
    /// than its age and no polled feed carries it.
    public func test() -> @Sendable (Quake) -> Bool {
      let matchers = self.rules.map { QuakesQuery.Filter.Matcher($0.filter) }
      let rules = self.rules
      let carriers = self.carriers
      let now = self.now
      return { quake in
        guard let index = matchers.firstIndex(where: { $0.matches(quake) }), let keep = rules[index].keepSeconds,
          quake.time < now.addingTimeInterval(-keep)
        else { return false }
        return !carriers.contains { $0.carries(quake) }
      }
    }
  }

  /// A feed's last batch: what it still carries.
  struct Carrier: Hashable, Sendable {
    let feed: QuakesFeed
    let generated: Date
    /// How far past the window's old edge a quake may still be listed:
    /// USGS cuts its window by its own clock (``SyncOptions/windowMargin``).
    let margin: Double

    func carries(_ quake: Quake) -> Bool {
      let oldestListed = self.generated.addingTimeInterval(-self.feed.period.seconds - self.margin)
      guard quake.time > oldestListed else { return false }
      switch self.feed.threshold {
      case .all: return true
      case .significant: return (quake.impact.significance ?? 0) >= Retention.significantFrom
      case .magnitude4_5: return (quake.magnitude ?? -.infinity) >= 4.5
      case .magnitude2_5: return (quake.magnitude ?? -.infinity) >= 2.5
      case .magnitude1_0: return (quake.magnitude ?? -.infinity) >= 1.0
      }
    }
  }
}
