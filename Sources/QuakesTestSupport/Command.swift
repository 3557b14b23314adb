import Foundation
import Synchronization

/// A short-lived command run to its end (`groff`, `systemd-analyze`): its
/// exit status and what it printed on each stream.
public struct Command: Sendable {
  /// The exit status.
  public let status: Int32
  /// Standard output.
  public let output: String
  /// Standard error.
  public let errors: String

  /// Runs `executable` (a path, or a name looked up on `PATH`) with
  /// `arguments` and `environment` added to the test's own.
  public static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws
    -> Command
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [executable] + arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    // Both streams at once: a command that fills one pipe while the test
    // reads the other would never end.
    let errorData = Mutex<Data>(Data())
    let errorReader = Thread { errorData.withLock { $0 = errors.fileHandleForReading.readDataToEndOfFile() } }
    errorReader.start()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    while !errorReader.isFinished { usleep(1_000) }
    return Command(
      status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
      errors: String(decoding: errorData.withLock { $0 }, as: UTF8.self))
  }
}
