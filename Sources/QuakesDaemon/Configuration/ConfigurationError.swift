public import Foundation

/// A configuration the daemon cannot run with: the message names where the
/// setting was made, the setting, the value and what is allowed.
///
/// `quakesd` exits with ``exitCode`` (78, `EX_CONFIG`) on one, so that systemd
/// (`RestartPreventExitStatus=78`) does not restart a daemon that would only
/// fail the same way again.
public struct ConfigurationError: LocalizedError, Hashable, Sendable, CustomStringConvertible {
  /// `EX_CONFIG` from sysexits.h: the exit status for a configuration error.
  public static let exitCode: Int32 = 78

  /// What is wrong and what to write instead.
  public let message: String

  /// Creates an error with a message for people.
  public init(_ message: String) {
    self.message = message
  }

  /// The exit status of `quakesd` for this error: ``exitCode``.
  public var exitCode: Int32 { Self.exitCode }

  public var description: String { self.message }
  public var errorDescription: String? { self.message }
}

extension ConfigurationError {
  /// A value that `key` does not take: `<where>: <key> "<value>" <problem>; allowed: <values>`.
  public static func badValue(
    _ value: String, of key: ConfigurationKey, at origin: ConfigurationOrigin, problem: String? = nil
  ) -> ConfigurationError {
    let problem = problem ?? "is not allowed"
    return ConfigurationError("\(origin.place): \(key.name) \"\(value)\" \(problem); allowed: \(key.allowedValues)")
  }
}
