import Foundation
import QuakesModel

/// Where the list and count selectors look for a filter's quakes: the
/// stretch of each order (by time, by magnitude) that its bounds allow, so
/// that they walk the smaller stretch instead of the whole cache.
///
/// The ranks come from ``SortedTree/rank(where:)`` in O(log n). When the
/// filter asks for nothing but those bounds, the size of a stretch is the
/// count itself and nothing is walked to find it.
struct QueryPlan {
  /// The ranks, in ``IndexedQuakes/byTime``, of the quakes within the time
  /// bounds (`since`, `until`, `day`): all of them without one.
  let timeRanks: Range<Int>
  /// The ranks, in ``IndexedQuakes/byMagnitude``, of the quakes within the
  /// magnitude bounds; `nil` without a bound.
  let magnitudeRanks: Range<Int>?
  /// Whether the filter bounds the time.
  let boundsTime: Bool
  /// Whether the filter asks for anything besides time and magnitude bounds.
  let hasOtherConditions: Bool

  init(_ filter: QuakesQuery.Filter, over quakes: IndexedQuakes) {
    var lower = filter.since
    var upper = filter.until
    if let day = filter.day?.interval(in: filter.timeZone) {
      lower = Swift.max(lower ?? day.lowerBound, day.lowerBound)
      upper = Swift.min(upper ?? day.upperBound, day.upperBound)
    }
    self.boundsTime = lower != nil || upper != nil
    self.timeRanks = Self.ranks(
      in: quakes.byTime, from: lower.map { since in { $0.quake.time < since } },
      to: upper.map { until in { $0.quake.time < until } })

    if filter.minMagnitude != nil || filter.maxMagnitude != nil {
      // An unknown magnitude (lowest in the order) never meets a bound.
      let lowest = filter.minMagnitude ?? -.greatestFiniteMagnitude
      let highest = filter.maxMagnitude ?? .greatestFiniteMagnitude
      self.magnitudeRanks =
        lowest <= highest
        ? Self.ranks(in: quakes.byMagnitude, from: { $0.magnitude < lowest }, to: { $0.magnitude <= highest })
        : 0..<0
    } else {
      self.magnitudeRanks = nil
    }

    var other = filter
    other.since = nil
    other.until = nil
    other.day = nil
    other.minMagnitude = nil
    other.maxMagnitude = nil
    self.hasOtherConditions = !other.matchesEverything
  }

  /// The ranks from the first element not below `lower` to the first not
  /// below `upper` (each `nil` for the end); empty when they cross.
  private static func ranks<Element>(
    in order: SortedTree<Element>,
    from lower: ((Element) -> Bool)?,
    to upper: ((Element) -> Bool)?
  ) -> Range<Int> {
    let start = lower.map { order.rank(where: $0) } ?? 0
    let end = upper.map { order.rank(where: $0) } ?? order.count
    return start..<Swift.max(start, end)
  }

  /// How many quakes match, when the ranks alone tell: the filter asks for
  /// nothing but bounds of one order.
  var exactCount: Int? {
    guard !self.hasOtherConditions else { return nil }
    switch (self.boundsTime, self.magnitudeRanks) {
    case (_, nil): return self.timeRanks.count
    case (false, let magnitudeRanks?): return magnitudeRanks.count
    case (true, .some): return nil
    }
  }

  /// The stretch of each order that its bounds allow (all of an order
  /// that the filter does not bound).
  func stretch(of order: Order, count: Int) -> Stretch {
    switch order {
    case .time: Stretch(order: .time, ranks: self.timeRanks)
    case .magnitude: Stretch(order: .magnitude, ranks: self.magnitudeRanks ?? 0..<count)
    }
  }

  /// Whether every quake of `order`'s stretch matches: the filter asks for
  /// nothing but bounds of that order.
  func matchesWholeStretch(of order: Order) -> Bool {
    guard !self.hasOtherConditions else { return false }
    switch order {
    case .time: return self.magnitudeRanks == nil
    case .magnitude: return !self.boundsTime
    }
  }

  /// The smaller of the two stretches: the fewest quakes to test.
  func smallestStretch(count: Int) -> Stretch {
    let byTime = self.stretch(of: .time, count: count)
    let byMagnitude = self.stretch(of: .magnitude, count: count)
    return byMagnitude.ranks.count < byTime.ranks.count ? byMagnitude : byTime
  }

  /// The orders the state keeps.
  enum Order {
    case time
    case magnitude
  }

  /// A stretch of one order: the ranks of its quakes there.
  struct Stretch {
    let order: Order
    let ranks: Range<Int>
  }
}
