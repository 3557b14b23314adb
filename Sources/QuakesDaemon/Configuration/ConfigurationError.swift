public import Foundation

/// A configuration the daemon cannot run with: the message names the setting,
/// the value and what is allowed.
public struct ConfigurationError: LocalizedError, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong and what to write instead.
  public let message: String

  /// Creates an error with a message for people.
  public init(_ message: String) {
    self.message = message
  }

  public var description: String { self.message }
  public var errorDescription: String? { self.message }
}
