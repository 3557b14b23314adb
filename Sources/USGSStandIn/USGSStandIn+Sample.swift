public import Foundation

extension USGSStandIn {
  /// Serves `catalogue` as the feeds `all_hour`, `all_day`, `all_week` and
  /// `all_month` as of `now`; returns their names.
  @discardableResult
  public func setSampleFeeds(_ catalogue: SampleCatalogue, now: Date = Date()) -> [String] {
    let names = ["hour", "day", "week", "month"]
    for period in names {
      if let body = catalogue.feedBody(period: period, now: now) {
        self.setFeed("all_\(period)", body: body, lastModified: now)
      }
    }
    return names.map { "all_\($0)" }
  }
}
