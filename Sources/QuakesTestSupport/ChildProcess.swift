import Foundation
import Subprocess

/// A running child process, as the body of ``withChildProcess(executable:arguments:environment:mergeStandardError:_:)``
/// sees it: what it printed so far, line by line as it comes; signals; its
/// exit. Valid only inside that body, whose end kills the child (SIGKILL)
/// if it still runs, so no test leaves one behind.
///
/// The child is spawned by swift-subprocess: it inherits no descriptor of
/// the test run but its standard streams (with tests running in parallel, an
/// inherited pipe or socket kept another test's child looking alive), its
/// signal mask and dispositions are the defaults, and it is reaped only once
/// the body has ended, so its process id stays its own until then.
public final class ChildProcess: Sendable {
  /// The child's process id (for `/proc/PID/status`).
  public let processIdentifier: Int32
  private let lines: LineCollector
  private let reader: Task<Void, Never>
  private let signal: @Sendable (Int32) -> Void
  private let killAndWait: @Sendable () async -> Void

  /// The child `processIdentifier`, whose output `reader` collects into
  /// `lines`; `signal` and `killAndWait` act on it through swift-subprocess.
  init(
    processIdentifier: Int32, lines: LineCollector, reader: Task<Void, Never>,
    signal: @escaping @Sendable (Int32) -> Void, killAndWait: @escaping @Sendable () async -> Void
  ) {
    self.processIdentifier = processIdentifier
    self.lines = lines
    self.reader = reader
    self.signal = signal
    self.killAndWait = killAndWait
  }

  /// Every complete line printed so far.
  public var printed: [String] { self.lines.lines }

  /// Waits until the child printed a line for which `predicate` holds.
  /// (`predicate` is `@Sendable`: a plain closure here made Swift 6.3's
  /// region analysis crash on some test bodies around it.)
  ///
  /// - Throws: ``Failure`` when the child exits first or `timeout` passes.
  @discardableResult
  public func waitForLine(timeout: Duration = .seconds(120), where predicate: @Sendable (String) -> Bool) async throws
    -> String
  {
    let found = try await poll(until: .now + timeout, every: .milliseconds(2)) { () async throws -> String? in
      if let line = self.printed.first(where: predicate) { return line }
      guard !self.isRunning else { return nil }
      await self.reader.value
      if let line = self.printed.first(where: predicate) { return line }
      throw Failure(description: "the child exited first; it printed \(self.printed)")
    }
    guard let found else {
      throw Failure(description: "no such line within \(timeout); the child printed \(self.printed)")
    }
    return found
  }

  /// Waits until the child exits by itself; returns its exit status (or the
  /// signal that ended it), after collecting everything it printed.
  public func waitForExit() async -> Int32 {
    // Its output ends when it exits (or closes it first: then the poll below waits).
    await self.reader.value
    while true {
      if let status = self.exitStatus { return status.code }
      if Task.isCancelled {
        await self.kill()
      } else {
        try? await Task.sleep(for: .milliseconds(1))
      }
    }
  }

  /// Sends `signal` (e.g. `SIGTERM`) to the child, if it still runs.
  public func send(signal: Int32) {
    if self.isRunning {
      self.signal(signal)
    }
  }

  /// Whether the child still runs.
  public var isRunning: Bool { self.exitStatus == nil }

  /// Kills the child with SIGKILL, if it still runs, and waits until it has
  /// ended and everything it printed is collected.
  public func kill() async {
    await self.killAndWait()
    await self.reader.value
  }

  /// Whether the child ended by SIGKILL (after ``kill()``).
  public var wasKilled: Bool {
    self.wasEnded(by: SIGKILL)
  }

  /// Whether `signal` ended the child (not an exit status of the same number).
  public func wasEnded(by signal: Int32) -> Bool {
    self.exitStatus == .signalled(signal)
  }

  /// How the child ended, `nil` while it runs: `waitid` with `WNOWAIT`,
  /// which leaves it for swift-subprocess to reap when the body ends.
  private var exitStatus: ChildExit? {
    var information = siginfo_t()
    while waitid(P_PID, id_t(self.processIdentifier), &information, WEXITED | WNOHANG | WNOWAIT) != 0 {
      guard errno == EINTR else { return nil }
    }
    return ChildExit(information)
  }

  /// Why waiting for a line failed.
  public struct Failure: Error, CustomStringConvertible {
    public let description: String
  }
}
