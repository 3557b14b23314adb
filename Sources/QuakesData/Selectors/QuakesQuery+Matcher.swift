import Foundation
import QuakesModel

extension QuakesQuery.Filter {
  /// The filter compiled once per query: the day turned into an interval,
  /// the search text folded.
  struct Matcher: Sendable {
    private let search: SearchText
    private let interval: Range<Date>?
    private let since: Date?
    private let until: Date?
    private let minMagnitude: Double?

    init(_ filter: QuakesQuery.Filter) {
      self.search = SearchText(filter.search)
      self.interval = filter.day?.interval(in: filter.timeZone)
      self.since = filter.since
      self.until = filter.until
      self.minMagnitude = filter.minMagnitude
    }

    func matches(_ quake: Quake) -> Bool {
      if let interval = self.interval, !interval.contains(quake.time) { return false }
      if let since = self.since, quake.time < since { return false }
      if let until = self.until, quake.time >= until { return false }
      if let minMagnitude = self.minMagnitude {
        guard let magnitude = quake.magnitude, magnitude >= minMagnitude else { return false }
      }
      if !self.search.isEmpty {
        guard let place = quake.place, SearchText(place).contains(self.search) else { return false }
      }
      return true
    }
  }
}

extension QuakesQuery {
  /// Whether `lhs` comes before `rhs` in this query's order.
  func areInIncreasingOrder(_ lhs: Quake, _ rhs: Quake) -> Bool {
    self.order == .forward ? self.ascends(lhs, rhs) : self.ascends(rhs, lhs)
  }

  private func ascends(_ lhs: Quake, _ rhs: Quake) -> Bool {
    switch self.sort {
    case .time:
      return lhs.time != rhs.time ? lhs.time < rhs.time : lhs.id < rhs.id
    case .magnitude:
      let left = lhs.magnitude ?? -.infinity
      let right = rhs.magnitude ?? -.infinity
      return left != right ? left < right : lhs.id < rhs.id
    }
  }
}
