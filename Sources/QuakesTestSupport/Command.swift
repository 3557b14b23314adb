import Foundation
import Subprocess
import SystemPackage

/// A short-lived command run to its end (`groff`, `systemd-analyze`,
/// `quakectl`): its exit status and what it printed on each stream.
public struct Command: Sendable {
  /// The exit status (or the signal that ended it).
  public let status: Int32
  /// Standard output.
  public let output: String
  /// Standard error.
  public let errors: String

  /// No limit on what a command prints: what it prints is what a test
  /// checks (a limit below `Int.max` also makes swift-subprocess reserve
  /// that much memory up front).
  private static let outputLimit = Int.max

  /// Runs `executable` (a path, or a name looked up on `PATH`) with
  /// `arguments` and `environment` added to the test's own, both streams
  /// read as they come (a command that fills one pipe while the other is
  /// read would never end).
  public static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) async throws
    -> Command
  {
    let result = try await Subprocess.run(
      executable.contains("/") ? .path(FilePath(executable)) : .name(executable), arguments: Arguments(arguments),
      environment: .inherited(adding: environment),
      output: .bytes(limit: Self.outputLimit), error: .bytes(limit: Self.outputLimit))
    let status: Int32 =
      switch result.terminationStatus {
      case .exited(let code), .signaled(let code): code
      }
    return Command(
      status: status, output: String(decoding: result.standardOutput, as: UTF8.self),
      errors: String(decoding: result.standardError, as: UTF8.self))
  }
}
