import Foundation
import GRDB
import QuakesData
import QuakesModel

extension QuakesQuerySQL {
  /// The magnitude and depth ranges, on the bare columns: a NULL (unknown)
  /// value fails every comparison, as an unknown value never matches.
  mutating func requireValues(_ filter: QuakesQuery.Filter) {
    if let minimum = filter.minMagnitude { self.require("magnitude >= ?", [minimum]) }
    if let maximum = filter.maxMagnitude { self.require("magnitude <= ?", [maximum]) }
    if let minimum = filter.minDepth { self.require("depth >= ?", [minimum]) }
    if let maximum = filter.maxDepth { self.require("depth <= ?", [maximum]) }
  }

  /// The impact fields: an alert level or worse (the words the store
  /// writes, in ``AlertLevel``'s order), the fewest felt reports, the
  /// smallest intensities and significance, the tsunami flag.
  mutating func requireImpact(_ filter: QuakesQuery.Filter) {
    if let minimum = filter.minAlert {
      let words = AlertLevel.allCases.filter { $0 >= minimum }.map(\.rawValue)
      let placeholders = Array(repeating: "?", count: words.count).joined(separator: ", ")
      self.require("alert IN (\(placeholders))", StatementArguments(words))
    }
    if let minimum = filter.minFelt { self.require("felt >= ?", [minimum]) }
    if let minimum = filter.minCdi { self.require("cdi >= ?", [minimum]) }
    if let minimum = filter.minMmi { self.require("mmi >= ?", [minimum]) }
    if let minimum = filter.minSignificance { self.require("significance >= ?", [minimum]) }
    // A literal, not an argument: the partial index `quakes_tsunami` serves
    // only a condition SQLite can see implies its own.
    if let tsunami = filter.tsunami { self.require(tsunami ? "tsunami = 1" : "tsunami = 0") }
  }

  /// The review status, the network, event and magnitude types in any
  /// case, and the search text in the place. The three names are compared
  /// as their keys (``NameKey``), which their indexes hold; the status
  /// through the matcher's own comparison (``QueryFunctions``), since
  /// SQLite's `lower()` and `LIKE` fold ASCII only and know no diacritics.
  /// The search is kept aside: how it is answered depends on the page
  /// (``Plan``).
  mutating func requireNames(_ filter: QuakesQuery.Filter) {
    if let status = filter.reviewStatus {
      self.require("quakesd_review_status_is(status, ?)", [status.rawValue])
    }
    let names = [
      ("network_key", filter.network), ("event_type_key", filter.eventType),
      ("magnitude_type_key", filter.magnitudeType),
    ]
    for (column, name) in names {
      guard let key = NameKey.of(name) else { continue }
      self.require("\(column) = ?", [key])
    }
    let search = SearchText(filter.search)
    if !search.isEmpty { self.search = search }
  }
}
