public import Foundation
public import QuakesModel

/// Which quakes the retention rules remove: a pure function of the state
/// and the clock, which the reducer applies and the listener reads again to
/// write the same removal.
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

  /// The quakes `rules` remove from `state` at `now`, oldest first.
  public static func expired(in state: QuakesState, rules: [RetentionRule], at now: Date) -> [Quake.ID] {
    let limits = rules.compactMap(\.keepSeconds)
    guard let shortest = limits.min() else { return [] }
    let matchers = rules.map { QuakesQuery.Filter.Matcher($0.filter) }
    let carriers = Self.carriers(in: state, at: now)
    let oldestKept = now.addingTimeInterval(-shortest)
    let data = state.quakes.data
    let candidates = 0..<data.byTime.rank { $0.quake.time < oldestKept }
    var expired: [Quake.ID] = []
    data.byTime.forEach(in: candidates) { element in
      let quake = element.quake
      guard let index = matchers.firstIndex(where: { $0.matches(quake) }),
        let keep = rules[index].keepSeconds,
        quake.time < now.addingTimeInterval(-keep),
        !carriers.contains(where: { $0.carries(quake) })
      else { return true }
      expired.append(quake.id)
      return true
    }
    return expired
  }

  /// The polled feeds, with the window of their last batch.
  private static func carriers(in state: QuakesState, at now: Date) -> [Carrier] {
    state.options.polledFeeds.map { feed in
      Carrier(
        feed: feed, generated: state.feeds[feed]?.record.generated ?? now, margin: state.options.windowMargin)
    }
  }

  /// A feed's last batch: what it still carries.
  private struct Carrier {
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
