import Foundation
import GRDB
import QuakesData
import QuakesModel

extension QuakesQuerySQL {
  /// The condition of `field` of `filter`; none when the filter does not
  /// ask for it. Each filter of the table (``QuakesFilterField``) has its
  /// case here: one added there does not compile until it has its SQL.
  ///
  /// Magnitudes, depths and the impact fields are compared on the bare
  /// columns: a NULL (unknown) value fails every comparison, as an unknown
  /// value never matches. The search is kept aside: how it is answered
  /// depends on the page (``Plan``).
  mutating func require(_ field: QuakesFilterField, of filter: QuakesQuery.Filter) {
    switch field {
    case .search:
      let search = SearchText(filter.search)
      if !search.isEmpty {
        self.search = search
        self.register(QueryFunctions.found(search))
      }
    case .day: self.requireDay(filter)
    case .timeZone: break  // it places `day`
    case .since: self.requireTime(">=", filter.since)
    case .until: self.requireTime("<", filter.until)
    case .updatedAfter: self.requireTime(after: filter.updatedAfter, of: "updated")
    case .minMagnitude: self.require("magnitude >=", filter.minMagnitude)
    case .maxMagnitude: self.require("magnitude <=", filter.maxMagnitude)
    case .minDepth: self.require("depth >=", filter.minDepth)
    case .maxDepth: self.require("depth <=", filter.maxDepth)
    case .minAlert: self.requireAlert(atLeast: filter.minAlert)
    case .alert: self.require("alert =", filter.alert?.rawValue)
    case .minFelt: self.require("felt >=", filter.minFelt)
    case .minCdi: self.require("cdi >=", filter.minCdi)
    case .minMmi: self.require("mmi >=", filter.minMmi)
    case .minSignificance: self.require("significance >=", filter.minSignificance)
    case .tsunami:
      // A literal, not an argument: the partial index `quakes_tsunami` serves
      // only a condition SQLite can see implies its own.
      if let tsunami = filter.tsunami { self.require(tsunami ? "tsunami = 1" : "tsunami = 0") }
    case .reviewStatus:
      // Through the matcher's own comparison (``QueryFunctions``).
      if let status = filter.reviewStatus { self.require("quakesd_review_status_is(status, ?)", [status.rawValue]) }
    case .network: self.requireName("network_key", filter.network)
    case .eventType: self.requireName("event_type_key", filter.eventType)
    case .magnitudeType: self.requireName("magnitude_type_key", filter.magnitudeType)
    case .bbox: self.requireBox(filter.bbox)
    case .near: self.requireCircle(filter.near)
    case .within: self.requireRegion(filter.within)
    }
  }

  /// `column comparison value`, when there is a value.
  private mutating func require(_ columnAndComparison: String, _ value: (some DatabaseValueConvertible)?) {
    guard let value else { return }
    self.require("\(columnAndComparison) ?", [value])
  }

  /// An alert level or worse: the words the store writes, in
  /// ``AlertLevel``'s order.
  private mutating func requireAlert(atLeast minimum: AlertLevel?) {
    guard let minimum else { return }
    let words = AlertLevel.allCases.filter { $0 >= minimum }.map(\.rawValue)
    let placeholders = Array(repeating: "?", count: words.count).joined(separator: ", ")
    self.require("alert IN (\(placeholders))", StatementArguments(words))
  }

  /// A network, event or magnitude type in any case, compared as the key
  /// the store writes beside it (``NameKey``), which its index holds
  /// (SQLite's `lower()` and `LIKE` fold ASCII only and know no diacritics).
  private mutating func requireName(_ column: String, _ name: String?) {
    guard let key = NameKey.of(name) else { return }
    self.require("\(column) = ?", [key])
  }
}
