import Foundation
public import QuakesModel

extension QuakesQuery.Filter {
  /// Whether the filter asks for nothing, so every quake matches (the time
  /// zone alone, without a day, asks for nothing).
  public var matchesEverything: Bool {
    self == QuakesQuery.Filter(timeZone: self.timeZone)
  }

  /// The filter compiled once per query: the day turned into an interval,
  /// the search text folded. The selectors use it, and so do the daemon's
  /// filtered watchers.
  public final class Matcher: Sendable {
    private let search: SearchText
    private let interval: Range<Date>?
    private let since: Date?
    private let until: Date?
    private let updatedAfter: Date?
    private let magnitude: Bounds?
    private let depth: Bounds?
    private let filter: QuakesQuery.Filter
    private let needsImpact: Bool
    private let network: String?
    private let eventType: String?
    private let magnitudeType: String?

    /// `filter`, compiled: each filter of the table (``QuakesFilterField``)
    /// has its case in ``Compiled/compile(_:of:)``, so one added there
    /// does not compile until the matcher tests it.
    public init(_ filter: QuakesQuery.Filter) {
      var compiled = Compiled()
      for field in QuakesFilterField.allCases {
        compiled.compile(field, of: filter)
      }
      self.search = compiled.search
      self.interval = compiled.interval
      self.since = compiled.since
      self.until = compiled.until
      self.updatedAfter = compiled.updatedAfter
      self.magnitude = Self.range(compiled.minMagnitude, compiled.maxMagnitude)
      self.depth = Self.range(compiled.minDepth, compiled.maxDepth)
      self.filter = filter
      self.needsImpact = compiled.needsImpact
      self.network = compiled.network
      self.eventType = compiled.eventType
      self.magnitudeType = compiled.magnitudeType
    }

    /// What the matcher keeps of a filter, field by field.
    private struct Compiled {
      var search = SearchText("")
      var interval: Range<Date>?
      var since: Date?
      var until: Date?
      var updatedAfter: Date?
      var minMagnitude: Double?
      var maxMagnitude: Double?
      var minDepth: Double?
      var maxDepth: Double?
      /// Whether an impact field is asked for (``matchesImpact(_:)`` reads the filter's).
      var needsImpact = false
      var network: String?
      var eventType: String?
      var magnitudeType: String?

      /// Keeps what `field` of `filter` asks for. The place fields and the
      /// review status are tested on the filter's own values.
      mutating func compile(_ field: QuakesFilterField, of filter: QuakesQuery.Filter) {
        switch field {
        case .search: self.search = SearchText(filter.search)
        case .day: self.interval = filter.day?.interval(in: filter.timeZone)
        case .timeZone: break  // it places `day`
        case .since: self.since = filter.since
        case .until: self.until = filter.until
        case .updatedAfter: self.updatedAfter = filter.updatedAfter
        case .minMagnitude: self.minMagnitude = filter.minMagnitude
        case .maxMagnitude: self.maxMagnitude = filter.maxMagnitude
        case .minDepth: self.minDepth = filter.minDepth
        case .maxDepth: self.maxDepth = filter.maxDepth
        case .minAlert, .alert, .minFelt, .minCdi, .minMmi, .minSignificance, .tsunami:
          self.needsImpact = self.needsImpact || filter.isGiven(field)
        case .network: self.network = filter.network?.lowercased()
        case .eventType: self.eventType = filter.eventType?.lowercased()
        case .magnitudeType: self.magnitudeType = filter.magnitudeType?.lowercased()
        case .reviewStatus, .bbox, .near, .within: break
        }
      }
    }

    /// Inclusive bounds, either open; nothing lies within bounds whose
    /// lower is above their upper.
    private struct Bounds {
      let lower: Double
      let upper: Double

      func contains(_ value: Double) -> Bool {
        self.lower <= value && value <= self.upper
      }
    }

    private static func range(_ lower: Double?, _ upper: Double?) -> Bounds? {
      guard lower != nil || upper != nil else { return nil }
      return Bounds(lower: lower ?? -.infinity, upper: upper ?? .infinity)
    }

    /// Whether `quake` meets every condition of the filter.
    public func matches(_ quake: Quake) -> Bool {
      if let interval = self.interval, !interval.contains(quake.time) { return false }
      if let since = self.since, quake.time < since { return false }
      if let until = self.until, quake.time >= until { return false }
      if let updatedAfter = self.updatedAfter, quake.updated <= updatedAfter { return false }
      if let range = self.magnitude {
        guard let magnitude = quake.magnitude, range.contains(magnitude) else { return false }
      }
      if let range = self.depth {
        guard let depth = quake.depth, range.contains(depth) else { return false }
      }
      if let status = self.filter.reviewStatus, quake.status != status { return false }
      if let eventType = self.eventType, !Self.lowercased(quake.eventType, equals: eventType) { return false }
      if let magnitudeType = self.magnitudeType, !Self.lowercased(quake.magnitudeType, equals: magnitudeType) {
        return false
      }
      if let network = self.network, !Self.lowercased(quake.network, equals: network) { return false }
      if self.needsImpact, !self.matchesImpact(quake) { return false }
      if let box = self.filter.bbox, !box.contains(quake.epicentre) { return false }
      if let near = self.filter.near, !near.contains(quake.epicentre) { return false }
      if let region = self.filter.within, !region.contains(quake.epicentre) { return false }
      if !self.search.isEmpty {
        guard let place = quake.place, self.search.isFound(in: place) else { return false }
      }
      return true
    }

    private static func lowercased(_ text: String?, equals lowercase: String) -> Bool {
      guard let text else { return false }
      return SearchText.lowercased(text, equals: lowercase)
    }

    private func matchesImpact(_ quake: Quake) -> Bool {
      if let minimum = self.filter.minAlert {
        guard let alert = quake.alert, alert >= minimum else { return false }
      }
      if let level = self.filter.alert, quake.alert != level { return false }
      if let minimum = self.filter.minFelt {
        guard let felt = quake.felt, felt >= minimum else { return false }
      }
      if let minimum = self.filter.minCdi {
        guard let cdi = quake.cdi, cdi >= minimum else { return false }
      }
      if let minimum = self.filter.minMmi {
        guard let mmi = quake.mmi, mmi >= minimum else { return false }
      }
      if let minimum = self.filter.minSignificance {
        guard let significance = quake.significance, significance >= minimum else { return false }
      }
      if let tsunami = self.filter.tsunami, quake.tsunami != tsunami { return false }
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
      return Self.ascends(lhs.magnitude, rhs.magnitude, lhs, rhs)
    case .significance:
      return Self.ascends(lhs.impact.significance.map(Double.init), rhs.impact.significance.map(Double.init), lhs, rhs)
    case .depth:
      return Self.ascends(lhs.depth, rhs.depth, lhs, rhs)
    case .distance:
      guard let centre = self.filter.near?.centre else {
        return lhs.time != rhs.time ? lhs.time < rhs.time : lhs.id < rhs.id
      }
      return Self.ascends(
        Earth.distanceKm(centre, lhs.epicentre), Earth.distanceKm(centre, rhs.epicentre), lhs, rhs)
    }
  }

  /// Ascending by `left` and `right` (unknown lowest), then by id.
  private static func ascends(_ left: Double?, _ right: Double?, _ lhs: Quake, _ rhs: Quake) -> Bool {
    let left = left ?? -.infinity
    let right = right ?? -.infinity
    return left != right ? left < right : lhs.id < rhs.id
  }
}
