import Foundation

/// Starts the real `quakesd` with `--state-dir` and `--runtime-dir` under
/// `directory`, plus `arguments`, waits until it listens, and runs `body`
/// with it; kills it (SIGKILL) when `body` ends, if it still runs.
///
/// - Parameters:
///   - environment: the daemon's environment; ``QuakesdProcess/environment(adding:)`` when `nil`.
///   - waitForListening: whether to wait for the sockets (false for runs
///     expected to fail early, or watched some other way).
///   - launcher: a program and its arguments that exec quakesd, whose path
///     and arguments follow them (a script that sets a signal's disposition
///     first, say); none by default.
@discardableResult
public func withQuakesd<Result: Sendable>(
  in directory: TemporaryDirectory,
  arguments: [String],
  environment: [String: String]? = nil,
  waitForListening: Bool = true,
  launcher: [String] = [],
  _ body: (QuakesdProcess) async throws -> Result
) async throws -> Result {
  let stateDirectory = directory.file("state")
  let runtimeDirectory = directory.file("run")
  let command =
    launcher + [
      try ChildProcess.builtExecutable("quakesd"), "--state-dir", stateDirectory, "--runtime-dir", runtimeDirectory,
    ]
    + arguments
  return try await withChildProcess(
    executable: command[0],
    arguments: Array(command.dropFirst()),
    environment: environment ?? QuakesdProcess.environment(),
    mergeStandardError: true
  ) { child in
    if waitForListening {
      try await child.waitForLine { $0.contains("listening on") }
    }
    do {
      return try await body(
        QuakesdProcess(child: child, stateDirectory: stateDirectory, runtimeDirectory: runtimeDirectory))
    } catch {
      // What the daemon logged is what explains most failures: shown with
      // the error, not lost with the process.
      let log = child.printed.suffix(80)
      FileHandle.standardError.write(
        Data(
          "quakesd's last \(log.count) log lines before \(error):\n\(log.joined(separator: "\n"))\n".utf8))
      throw error
    }
  }
}
