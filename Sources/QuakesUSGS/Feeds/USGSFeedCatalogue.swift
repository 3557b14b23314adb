import Foundation
public import QuakesModel

/// Where the USGS GeoJSON summary feeds live: a base URL, and under it one
/// file per feed, `<base><feed name>.geojson` (`…/summary/all_day.geojson`).
///
/// The base URL is configurable so that tests, the offline demo and mirrors
/// can point the daemon elsewhere; a configured value is validated once, here,
/// so a typo fails at start-up with a clear message instead of at every poll.
public struct USGSFeedCatalogue: Hashable, Sendable {
  /// The real service: `https://earthquake.usgs.gov/earthquakes/feed/v1.0/summary/`.
  public static let defaultBaseURL = "https://earthquake.usgs.gov/earthquakes/feed/v1.0/summary/"

  /// The validated base URL, always ending with `/`.
  public let baseURL: String

  /// Every feed USGS publishes: the seeds' four `all_*` ranges, then
  /// `significant`, `4.5`, `2.5` and `1.0`, each over hour, day, week, month.
  public var feeds: [QuakesFeed] { QuakesFeed.allFeeds }

  /// The catalogue of the real service.
  public init() {
    self.baseURL = Self.defaultBaseURL
  }

  /// A catalogue under a configured base URL.
  ///
  /// The URL must be absolute `http` or `https` with a host name or IP
  /// address, a port from 1 to 65535 if any, no query or fragment, and no
  /// space or control character anywhere (a CR or LF would end the request
  /// line); a missing trailing `/` is added (`…/summary` means the folder).
  public init(baseURL: String) throws(USGSFeedCatalogueError) {
    self.baseURL = try Self.validated(baseURL)
  }

  /// The URL of `feed`: the base URL followed by `<feed name>.geojson`.
  public func url(for feed: QuakesFeed) -> String {
    self.baseURL + feed.name + ".geojson"
  }
}

extension USGSFeedCatalogue {
  static func validated(_ text: String) throws(USGSFeedCatalogueError) -> String {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    if let character = trimmed.unicodeScalars.first(where: Self.isForbidden) {
      throw USGSFeedCatalogueError(baseURL: text, problem: .forbiddenCharacter(character))
    }
    guard !trimmed.isEmpty, let components = URLComponents(string: trimmed) else {
      throw USGSFeedCatalogueError(baseURL: text, problem: .notAURL)
    }
    guard let scheme = components.scheme?.lowercased() else {
      throw USGSFeedCatalogueError(baseURL: text, problem: .notAURL)
    }
    guard scheme == "http" || scheme == "https" else {
      throw USGSFeedCatalogueError(baseURL: text, problem: .unsupportedScheme(scheme))
    }
    guard let host = components.percentEncodedHost, !host.isEmpty else {
      throw USGSFeedCatalogueError(baseURL: text, problem: .noHost)
    }
    guard Self.isHostName(host) || Self.isIPLiteral(host) else {
      throw USGSFeedCatalogueError(baseURL: text, problem: .badHost(host))
    }
    if let port = components.port, !(1...65_535).contains(port) {
      throw USGSFeedCatalogueError(baseURL: text, problem: .badPort(port))
    }
    guard components.query == nil, components.fragment == nil else {
      throw USGSFeedCatalogueError(baseURL: text, problem: .queryOrFragment)
    }
    return trimmed.hasSuffix("/") ? trimmed : trimmed + "/"
  }

  /// Spaces and control characters (CR, LF, tab, DEL, …) have no place in a
  /// URL; libcurl would refuse it at every poll, or worse, send it.
  private static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.generalCategory == .control || scalar.properties.isWhitespace
  }

  /// A DNS name or IPv4 address: ASCII letters, digits, `-`, `_` and `.`.
  private static func isHostName(_ host: String) -> Bool {
    host.unicodeScalars.allSatisfy {
      $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0))
    }
  }

  /// An IPv6 address in brackets, e.g. `[::1]`.
  private static func isIPLiteral(_ host: String) -> Bool {
    guard host.hasPrefix("["), host.hasSuffix("]"), host.count > 2 else { return false }
    return host.dropFirst().dropLast().unicodeScalars.allSatisfy {
      $0.properties.isASCIIHexDigit || $0 == ":" || $0 == "."
    }
  }
}
