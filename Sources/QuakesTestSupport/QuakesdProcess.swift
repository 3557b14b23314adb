import Foundation
public import QuakesClient

/// The real `quakesd` binary, as the body of
/// ``withQuakesd(in:arguments:environment:waitForListening:_:)`` sees it:
/// started with its own state and runtime directories, and killed (SIGKILL)
/// when that body ends, if it still runs.
public final class QuakesdProcess: Sendable {
  /// The child process (its log lines are collected).
  public let child: ChildProcess
  /// Where the database lives.
  public let stateDirectory: String
  /// Where the sockets live.
  public let runtimeDirectory: String

  /// The daemon running as `child` with these directories.
  init(child: ChildProcess, stateDirectory: String, runtimeDirectory: String) {
    self.child = child
    self.stateDirectory = stateDirectory
    self.runtimeDirectory = runtimeDirectory
  }

  /// Runs the real `quakesd` with `arguments` (and `environment` added to
  /// ``environment(adding:)``) to its end; its exit status (or the signal
  /// that ended it) and every line it printed, log lines included.
  public static func run(
    _ arguments: [String], environment: [String: String] = [:]
  ) async throws -> (status: Int32, output: [String]) {
    try await withChildProcess(
      executable: try ChildProcess.builtExecutable("quakesd"), arguments: arguments,
      environment: Self.environment(adding: environment), mergeStandardError: true
    ) { child in
      (await child.waitForExit(), child.printed)
    }
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
  public func control() throws -> LineConnection { try LineConnection(path: self.controlSocket) }
  /// A new client of `query.sock`.
  public func query() throws -> LineConnection { try LineConnection(path: self.querySocket) }

  /// The value of `series` (a name with its labels, as `/metrics` writes
  /// it, e.g. `quakesd_store_role{role="leader"}`) in `daemon.metrics`;
  /// `nil` when it has none.
  public func metric(_ series: String) async throws -> Double? {
    let reply = try await self.query().call(#"{"method":"daemon.metrics"}"#)
    let text = (reply["result"] as? [String: Any])?["text"] as? String
    let line = text?.split(separator: "\n").first { $0.hasPrefix(series + " ") }
    return line.flatMap { Double($0.dropFirst(series.count + 1)) }
  }

  /// Kills the daemon (SIGKILL) if it still runs, and waits until it has ended.
  public func stop() async {
    await self.child.kill()
  }
}
