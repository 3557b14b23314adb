import Foundation
import Subprocess
import SystemPackage

/// Starts `executable` with `arguments`, runs `body` with the running
/// child, and kills the child (SIGKILL) when `body` returns or throws, or
/// the task is cancelled, if it still runs then; returns once the child has
/// ended and is reaped; returns what `body` returned.
///
/// - Parameters:
///   - environment: the child's environment; the test's own when `nil`.
///   - mergeStandardError: whether the child's standard error is collected
///     with its output (log lines), instead of going to the test's.
@discardableResult
public func withChildProcess<Result: Sendable>(
  executable: String,
  arguments: [String],
  environment: [String: String]? = nil,
  mergeStandardError: Bool = false,
  _ body: (ChildProcess) async throws -> Result
) async throws -> Result {
  let configuration = Configuration(
    executable: .path(FilePath(executable)), arguments: Arguments(arguments),
    environment: environment.map(Environment.only) ?? .inherit)
  if mergeStandardError {
    return try await run(configuration, input: .none, output: .sequence, error: .combinedWithOutput) { execution in
      try await supervise(execution, body)
    }.closureResult
  }
  return try await run(configuration, input: .none, output: .sequence, error: .currentStandardError) { execution in
    try await supervise(execution, body)
  }.closureResult
}

/// Collects the child's output in a task of its own while `body` runs;
/// then kills the child if it still runs, and waits for the output's end,
/// so nothing of the child outlives `run`'s body.
private nonisolated(nonsending) func supervise<Errors: ErrorOutputProtocol, Result>(
  _ execution: Execution<NoInput, SequenceOutput, Errors>,
  _ body: (ChildProcess) async throws -> Result
) async throws -> Result {
  let lines = LineCollector()
  let output = execution.standardOutput
  let reader = Task {
    do {
      for try await buffer in output {
        buffer.withUnsafeBytes { lines.append($0) }
      }
    } catch {
      // The output ended early (the read failed): the lines so far stay.
    }
  }
  let child = ChildProcess(
    processIdentifier: execution.processIdentifier.value, lines: lines, reader: reader,
    signal: { try? execution.send(signal: Signal(rawValue: $0)) },
    killAndWait: { await execution.teardown(using: [TeardownStep]()) })
  do {
    let result = try await body(child)
    await child.kill()
    return result
  } catch {
    await child.kill()
    throw error
  }
}
