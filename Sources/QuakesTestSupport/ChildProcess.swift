import Foundation
import Synchronization

/// A child process whose standard output is read line by line while it
/// runs, and which can be killed with SIGKILL. Call ``kill()`` in a `defer`
/// right after starting it, so that it is killed and reaped also when the
/// test fails.
public final class ChildProcess {
  private let process = Process()
  private let output = Pipe()
  private let lines = LineCollector()

  /// Starts `executable` with `arguments`.
  ///
  /// - Parameters:
  ///   - environment: the child's environment; the test's own when `nil`.
  ///   - mergeStandardError: whether the child's standard error is collected
  ///     with its output (log lines), instead of going to the test's.
  public init(
    executable: String,
    arguments: [String],
    environment: [String: String]? = nil,
    mergeStandardError: Bool = false
  ) throws {
    self.process.executableURL = URL(fileURLWithPath: executable)
    self.process.arguments = arguments
    if let environment { self.process.environment = environment }
    self.process.standardOutput = self.output
    self.process.standardError = mergeStandardError ? self.output : FileHandle.standardError
    let lines = self.lines
    self.output.fileHandleForReading.readabilityHandler = { handle in
      lines.append(handle.availableData)
    }
    try self.process.run()
  }

  /// Every complete line printed so far.
  public var printed: [String] { self.lines.lines }

  /// Waits until the child printed a line for which `predicate` holds.
  ///
  /// - Throws: ``Failure`` when the child exits first or `timeout` passes.
  @discardableResult
  public func waitForLine(timeout: Duration = .seconds(120), where predicate: (String) -> Bool) async throws -> String {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      if let line = self.printed.first(where: predicate) { return line }
      if !self.process.isRunning, let line = self.printed.first(where: predicate) { return line }
      if !self.process.isRunning { throw Failure(description: "the child exited first; it printed \(self.printed)") }
      try await Task.sleep(for: .milliseconds(2))
    }
    throw Failure(description: "no such line within \(timeout); the child printed \(self.printed)")
  }

  /// Waits until the child exits by itself; returns its exit status (or the
  /// signal that ended it), after collecting everything it printed.
  public func waitForExit() async -> Int32 {
    while self.process.isRunning {
      try? await Task.sleep(for: .milliseconds(5))
    }
    self.output.fileHandleForReading.readabilityHandler = nil
    self.lines.append(self.output.fileHandleForReading.readDataToEndOfFile())
    return self.process.terminationStatus
  }

  /// Sends `signal` (e.g. `SIGTERM`) to the child, if it still runs.
  public func send(signal: Int32) {
    if self.process.isRunning {
      _ = Foundation.kill(self.process.processIdentifier, signal)
    }
  }

  /// Whether the child still runs.
  public var isRunning: Bool { self.process.isRunning }

  /// Kills the child with SIGKILL, if it still runs, and waits for it.
  public func kill() {
    if self.process.isRunning {
      _ = Foundation.kill(self.process.processIdentifier, SIGKILL)
    }
    self.process.waitUntilExit()
    self.output.fileHandleForReading.readabilityHandler = nil
    self.lines.append(self.output.fileHandleForReading.readDataToEndOfFile())
  }

  /// Whether the child ended by SIGKILL (after ``kill()``).
  public var wasKilled: Bool {
    self.process.terminationReason == .uncaughtSignal && self.process.terminationStatus == SIGKILL
  }

  /// Why waiting for a line failed.
  public struct Failure: Error, CustomStringConvertible {
    public let description: String
  }

  /// The path of the `quakes-bench` executable built with the tests.
  public static func benchExecutable() throws -> String {
    try self.builtExecutable("quakes-bench")
  }

  /// The path of the executable product `name` built with the tests: in the
  /// build directory that holds the running test binary.
  public static func builtExecutable(_ name: String) throws -> String {
    var candidates: [URL] = []
    if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
      candidates.append(URL(fileURLWithPath: executable))
    }
    candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL)
    for candidate in candidates {
      var directory = candidate.deletingLastPathComponent()
      for _ in 0..<4 {
        let path = directory.appendingPathComponent(name).path
        if FileManager.default.isExecutableFile(atPath: path) { return path }
        directory = directory.deletingLastPathComponent()
      }
    }
    throw Failure(description: "no \(name) executable beside \(candidates.map(\.path)); build it with the tests")
  }
}

/// Splits the bytes a child prints into lines, safely from any thread.
private final class LineCollector: Sendable {
  private let state = Mutex<(pending: Data, lines: [String])>((Data(), []))

  var lines: [String] { self.state.withLock { $0.lines } }

  func append(_ data: Data) {
    self.state.withLock { state in
      state.pending.append(data)
      while let newline = state.pending.firstIndex(of: UInt8(ascii: "\n")) {
        state.lines.append(String(decoding: state.pending[state.pending.startIndex..<newline], as: UTF8.self))
        state.pending = Data(state.pending[(newline + 1)...])
      }
    }
  }
}
