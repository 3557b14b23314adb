import Foundation
public import QuakesData
public import QuakesModel

/// Where the USGS FDSN event service lives, and the URLs of its `count` and
/// `query` methods for one window of a ``HistoryQuery``.
///
/// The base URL is configurable (`fdsn-base-url`) so that tests, the
/// offline demo and mirrors can point the daemon elsewhere; it is validated
/// once, here, as the feeds' base URL is.
public struct FDSNService: Hashable, Sendable {
  /// The real service: `https://earthquake.usgs.gov/fdsnws/event/1/`.
  public static let defaultBaseURL = "https://earthquake.usgs.gov/fdsnws/event/1/"

  /// The validated base URL, always ending with `/`.
  public let baseURL: String

  /// The real service.
  public init() {
    self.baseURL = Self.defaultBaseURL
  }

  /// The service under a configured base URL (same rules as the feeds' base URL).
  public init(baseURL: String) throws(USGSFeedCatalogueError) {
    self.baseURL = try USGSFeedCatalogue.validated(baseURL)
  }

  /// The URL that counts `query`'s events in `window` (GeoJSON answer).
  public func countURL(_ query: HistoryQuery, window: HistoryWindow) -> String {
    self.url("count", query, window)
  }

  /// The URL that fetches `query`'s events in `window`, oldest first, as GeoJSON.
  public func queryURL(_ query: HistoryQuery, window: HistoryWindow) -> String {
    self.url("query", query, window, extra: [("orderby", "time-asc")])
  }

  /// FDSN's `endtime` is inclusive and USGS times are whole milliseconds:
  /// a window's exclusive end is sent as the millisecond before it, so that
  /// an event on the boundary belongs to exactly one window.
  private func url(
    _ method: String, _ query: HistoryQuery, _ window: HistoryWindow, extra: [(name: String, value: String)] = []
  ) -> String {
    let parameters: [(name: String, value: String)] =
      [("format", "geojson"), ("starttime", Self.time(window.start)), ("endtime", Self.time(window.end - 1))]
      + query.parameters + extra
    let encoded = parameters.map { "\($0.name)=\(Self.encode($0.value))" }
    return self.baseURL + method + "?" + encoded.joined(separator: "&")
  }

  private static func time(_ milliseconds: Int64) -> String {
    String(Timestamp.iso8601(Timestamp.date(milliseconds: milliseconds)).dropLast())
  }

  private static let unreserved = CharacterSet(
    charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:")

  private static func encode(_ value: String) -> String {
    value.addingPercentEncoding(withAllowedCharacters: Self.unreserved) ?? value
  }
}
