public import Foundation

extension USGSStandIn {
  /// Serves `body` as the feed `name` (e.g. `all_day`) from now on, with an
  /// `ETag` computed from the body and `lastModified` as its `Last-Modified`
  /// (default: now; HTTP dates have whole seconds).
  public func setFeed(_ name: String, body: [UInt8], lastModified: Date = Date()) {
    let feed = StandInFeed(body: body, lastModified: lastModified)
    self.state.withContents { $0.feeds[name] = feed }
  }

  /// Serves `body` (UTF-8) as the feed `name`; see ``setFeed(_:body:lastModified:)``.
  public func setFeed(_ name: String, body: String, lastModified: Date = Date()) {
    self.setFeed(name, body: Array(body.utf8), lastModified: lastModified)
  }

  /// Stops serving the feed `name`: its URL answers `404 Not Found`.
  public func removeFeed(_ name: String) {
    _ = self.state.withContents { $0.feeds.removeValue(forKey: name) }
  }

  /// Makes requests for the feed `name` behave as `behaviour` from now on
  /// (``Behaviour/serve`` restores the real service's behaviour).
  public func setBehaviour(_ behaviour: Behaviour, forFeed name: String) {
    self.state.withContents { $0.behaviours[name] = behaviour }
  }

  /// The `ETag` the feed `name` is served with, quotes included, if it has a body.
  public func etag(forFeed name: String) -> String? {
    self.state.withContents { $0.feeds[name]?.etag }
  }

  /// The `Last-Modified` the feed `name` is served with, if it has a body.
  public func lastModified(forFeed name: String) -> String? {
    self.state.withContents { $0.feeds[name]?.lastModified }
  }
}
