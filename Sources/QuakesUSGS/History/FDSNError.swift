public import Foundation

/// Why an FDSN request failed for good (after the polite retries), as the
/// operator reads it in `quakectl backfill --status`: which URL, what
/// happened, and what to do.
public struct FDSNError: LocalizedError, Hashable, Sendable {
  /// The URL that was requested.
  public let url: String
  /// What went wrong.
  public let cause: Cause
  /// How many times it was tried.
  public let attempts: Int

  /// Creates an error.
  public init(url: String, cause: Cause, attempts: Int) {
    self.url = url
    self.cause = cause
    self.attempts = attempts
  }

  /// `FDSN request <url> failed after N attempts: <what happened>. <what to do>`.
  public var errorDescription: String? {
    let tries = self.attempts == 1 ? "" : " after \(self.attempts) attempts"
    return self.cause.sentence("FDSN request \(self.url) failed\(tries)")
  }
}

extension FDSNError {
  /// What went wrong with an FDSN request.
  public enum Cause: Hashable, Sendable, FailureCause {
    /// No complete response arrived.
    case transport(NetworkError)
    /// The service answered with an error status; `message` is the
    /// explanation in its body, when it gave one.
    case status(code: Int, statusLine: String, message: String?)
    /// The answer is not what was asked for (a GeoJSON collection or a count).
    case unreadable(String)

    var reason: String {
      switch self {
      case .transport(let error):
        error.reason
      case .status(_, let statusLine, let message):
        "the service answered \(statusLine)" + (message.map { ": \($0)" } ?? "")
      case .unreadable(let what):
        what
      }
    }

    var remedy: String? {
      switch self {
      case .status(400, _, _):
        "Check the backfill's filters (quakectl backfill --help)"
      case .status(429, _, _), .status(503, _, _):
        "The service is busy or asks for fewer requests; run the same backfill again later and it resumes"
      case .transport, .status, .unreadable:
        "Run the same backfill again later and it resumes where it stopped"
      }
    }
  }
}
