import CSpawn
import Foundation
import Synchronization

/// A child process whose standard output is read line by line while it
/// runs, and which can be killed with SIGKILL. Call ``kill()`` in a `defer`
/// right after starting it, so that it is killed and reaped also when the
/// test fails.
///
/// Started with `posix_spawn` rather than Foundation's `Process`: the child
/// inherits no descriptor of the test run but its standard streams (with
/// tests running in parallel, an inherited pipe or socket kept another
/// test's child looking alive), and its exit is read with `waitpid`, which a
/// child that closes its descriptors (`systemd-socket-activate`) cannot fool.
public final class ChildProcess {
  private let pid: pid_t
  private let output: FileHandle
  private let lines = LineCollector()
  private let exit = Mutex<ExitState>(.running)

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
    var pipeEnds: [Int32] = [0, 0]
    guard pipe(&pipeEnds) == 0 else { throw Failure(description: "pipe: \(String(cString: strerror(errno)))") }
    let (readEnd, writeEnd) = (pipeEnds[0], pipeEnds[1])
    _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
    _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)
    defer { close(writeEnd) }

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, writeEnd, STDOUT_FILENO)
    if mergeStandardError { posix_spawn_file_actions_adddup2(&actions, writeEnd, STDERR_FILENO) }
    _ = quakes_spawn_file_actions_add_close_from(&actions, 3)

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    var allSignals = sigset_t()
    sigfillset(&allSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let environmentStrings =
      (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv + environmentStrings { free(pointer) }
    }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, environmentStrings)
    guard spawned == 0 else {
      close(readEnd)
      throw Failure(description: "cannot start \(executable): \(String(cString: strerror(spawned)))")
    }
    self.pid = pid
    self.output = FileHandle(fileDescriptor: readEnd, closeOnDealloc: true)
    let lines = self.lines
    self.output.readabilityHandler = { handle in
      lines.append(handle.availableData)
    }
  }

  deinit {
    self.kill()
  }

  /// Every complete line printed so far.
  public var printed: [String] { self.lines.lines }

  /// The child's process id (for `/proc/PID/status`).
  public var processIdentifier: Int32 { self.pid }

  /// Waits until the child printed a line for which `predicate` holds.
  ///
  /// - Throws: ``Failure`` when the child exits first or `timeout` passes.
  @discardableResult
  public func waitForLine(timeout: Duration = .seconds(120), where predicate: (String) -> Bool) async throws -> String {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      if let line = self.printed.first(where: predicate) { return line }
      if !self.isRunning {
        self.collectRemainingOutput()
        if let line = self.printed.first(where: predicate) { return line }
        throw Failure(description: "the child exited first; it printed \(self.printed)")
      }
      try await Task.sleep(for: .milliseconds(2))
    }
    throw Failure(description: "no such line within \(timeout); the child printed \(self.printed)")
  }

  /// Waits until the child exits by itself; returns its exit status (or the
  /// signal that ended it), after collecting everything it printed.
  public func waitForExit() async -> Int32 {
    while self.isRunning {
      try? await Task.sleep(for: .milliseconds(5))
    }
    self.collectRemainingOutput()
    return self.exit.withLock { $0.status }
  }

  /// Sends `signal` (e.g. `SIGTERM`) to the child, if it still runs.
  public func send(signal: Int32) {
    if self.isRunning {
      _ = Foundation.kill(self.pid, signal)
    }
  }

  /// Whether the child still runs (it is reaped once it has ended).
  public var isRunning: Bool {
    self.exit.withLock { state in
      guard case .running = state else { return false }
      var status: Int32 = 0
      guard waitpid(self.pid, &status, WNOHANG) == self.pid else { return true }
      state = ExitState(waitStatus: status)
      return false
    }
  }

  /// Kills the child with SIGKILL, if it still runs, and waits for it.
  public func kill() {
    self.exit.withLock { state in
      guard case .running = state else { return }
      _ = Foundation.kill(self.pid, SIGKILL)
      var status: Int32 = 0
      while waitpid(self.pid, &status, 0) < 0, errno == EINTR {}
      state = ExitState(waitStatus: status)
    }
    self.collectRemainingOutput()
  }

  /// Whether the child ended by SIGKILL (after ``kill()``).
  public var wasKilled: Bool {
    self.exit.withLock { $0 == .signalled(SIGKILL) }
  }

  /// Reads what the child printed before it ended (once; later calls find
  /// the handler gone and do nothing).
  private func collectRemainingOutput() {
    guard self.output.readabilityHandler != nil else { return }
    self.output.readabilityHandler = nil
    self.lines.append(self.output.readDataToEndOfFile())
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

/// How a child ended, as `waitpid` says.
private enum ExitState: Equatable {
  case running
  case exited(Int32)
  case signalled(Int32)

  init(waitStatus status: Int32) {
    let signal = status & 0x7f
    self = signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
  }

  /// The exit status, or the signal that ended the child (as Foundation's
  /// `Process.terminationStatus` gives it).
  var status: Int32 {
    switch self {
    case .running: -1
    case .exited(let status), .signalled(let status): status
    }
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
