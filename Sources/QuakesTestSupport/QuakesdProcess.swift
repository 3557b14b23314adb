import Foundation

/// The real `quakesd` binary, started by a test with its own state and
/// runtime directories, and stopped (SIGKILL) by ``stop()`` if it still runs.
public final class QuakesdProcess {
  /// The child process (its log lines are collected).
  public let child: ChildProcess
  /// Where the database lives.
  public let stateDirectory: String
  /// Where the sockets live.
  public let runtimeDirectory: String

  /// Starts `quakesd` with `--state-dir` and `--runtime-dir` under
  /// `directory`, plus `arguments`, and waits until it listens.
  ///
  /// - Parameter waitForListening: whether to wait for the sockets (false
  ///   for runs expected to fail early).
  public init(
    in directory: TemporaryDirectory,
    arguments: [String],
    environment: [String: String]? = nil,
    waitForListening: Bool = true
  ) async throws {
    self.stateDirectory = directory.file("state")
    self.runtimeDirectory = directory.file("run")
    self.child = try ChildProcess(
      executable: try ChildProcess.builtExecutable("quakesd"),
      arguments: ["--state-dir", self.stateDirectory, "--runtime-dir", self.runtimeDirectory] + arguments,
      environment: environment ?? Self.environment(),
      mergeStandardError: true)
    if waitForListening {
      do {
        try await self.child.waitForLine { $0.contains("listening on") }
      } catch {
        self.child.kill()
        throw error
      }
    }
  }

  /// Runs the real `quakesd` with `arguments` (and `environment` added to
  /// ``environment(adding:)``) to its end; its exit status (or the signal
  /// that ended it) and every line it printed, log lines included.
  public static func run(
    _ arguments: [String], environment: [String: String] = [:]
  ) async throws -> (status: Int32, output: [String]) {
    let child = try ChildProcess(
      executable: try ChildProcess.builtExecutable("quakesd"), arguments: arguments,
      environment: Self.environment(adding: environment), mergeStandardError: true)
    defer { child.kill() }
    let status = await child.waitForExit()
    return (status, child.printed)
  }

  /// The test's environment without what would change the daemon's behaviour
  /// (systemd's variables, a configuration file named by the environment).
  public static func environment(adding extra: [String: String] = [:]) -> [String: String] {
    var environment = ProcessInfo.processInfo.environment.filter { key, _ in
      !key.hasPrefix("QUAKESD_")
        && ![
          "NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID", "LISTEN_FDS", "LISTEN_PID",
          "LISTEN_FDNAMES", "JOURNAL_STREAM", "STATE_DIRECTORY", "RUNTIME_DIRECTORY",
        ].contains(key)
    }
    environment["QUAKESD_CONFIG"] = "/dev/null"
    environment.merge(extra) { _, new in new }
    return environment
  }

  /// `control.sock`.
  public var controlSocket: String { self.runtimeDirectory + "/control.sock" }
  /// `query.sock`.
  public var querySocket: String { self.runtimeDirectory + "/query.sock" }
  /// The database file.
  public var databasePath: String { self.stateDirectory + "/quakes.sqlite" }

  /// A new client of `control.sock`.
  public func control() throws -> LineSocketClient { try LineSocketClient(path: self.controlSocket) }
  /// A new client of `query.sock`.
  public func query() throws -> LineSocketClient { try LineSocketClient(path: self.querySocket) }

  /// Kills the daemon (SIGKILL) if it still runs.
  public func stop() {
    self.child.kill()
  }
}
