public import Foundation

/// Why a configured base URL for the USGS feeds cannot be used.
///
/// Thrown when the configuration is read, so the daemon refuses to start with
/// a message that names the value and says what a valid one looks like.
public struct USGSFeedCatalogueError: LocalizedError, Hashable, Sendable {
  /// What is wrong with the value.
  public enum Problem: Hashable, Sendable {
    /// It does not parse as an absolute URL.
    case notAURL
    /// Its scheme is neither `http` nor `https`.
    case unsupportedScheme(String)
    /// It names no host.
    case noHost
    /// It has a query (`?…`) or a fragment (`#…`), which feed URLs cannot follow.
    case queryOrFragment
    /// It contains a space or a control character (CR, LF, tab, …).
    case forbiddenCharacter(Unicode.Scalar)
    /// Its host is neither a host name nor an IP address.
    case badHost(String)
    /// Its port is outside 1…65535.
    case badPort(Int)
  }

  /// The value as configured.
  public let baseURL: String
  /// What is wrong with it.
  public let problem: Problem

  /// Creates an error for `baseURL`.
  public init(baseURL: String, problem: Problem) {
    self.baseURL = baseURL
    self.problem = problem
  }

  /// What is wrong, and what a valid base URL looks like.
  public var errorDescription: String? {
    "the feeds' base URL \"\(self.baseURL)\" cannot be used: \(self.reason). Give an http or https URL "
      + "of the folder that holds the feeds, such as \(USGSFeedCatalogue.defaultBaseURL)"
  }

  /// What is wrong, in a few words ("it names no host"), for messages that
  /// phrase the rest themselves.
  public var reason: String {
    switch self.problem {
    case .notAURL: "it is not an absolute URL"
    case .unsupportedScheme(let scheme): "its scheme is \(scheme), and only http and https are supported"
    case .noHost: "it names no host"
    case .queryOrFragment: "it has a query or a fragment, and the feed's file name must come last"
    case .forbiddenCharacter(let scalar):
      "it contains \(Self.name(of: scalar)), and a URL has no spaces or control characters"
    case .badHost(let host): "its host \"\(host)\" is not a host name or an IP address"
    case .badPort(let port): "its port \(port) is not between 1 and 65535"
    }
  }

  /// `a line feed (U+000A)`, `a space (U+0020)`, `U+0007`.
  private static func name(of scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    let names: [Unicode.Scalar: String] = [
      "\r": "a carriage return", "\n": "a line feed", "\t": "a tab", " ": "a space",
    ]
    return names[scalar].map { "\($0) (\(code))" } ?? code
  }
}
