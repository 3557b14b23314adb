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
    }
  }
}
