import Foundation
import Logging
import QuakesData
import Subprocess
import Synchronization
import SystemPackage

/// An `exec:` channel: runs a program, without a shell, with the event JSON
/// on its standard input and the key fields in its environment
/// (`QUAKE_ID`, `QUAKE_MAGNITUDE`, `QUAKE_PLACE`, `QUAKE_URL`,
/// `QUAKESD_RULE`, `QUAKESD_EVENT`, `QUAKESD_KEY`). Exit status 0 is
/// delivered; another status or the timeout is retried; a program that is
/// not there or not executable is a permanent failure. What it writes to
/// standard error is logged (up to 64 KiB); its standard output is discarded.
struct ExecChannel: Hashable, Sendable {
  /// The program (an absolute path) and its arguments.
  var command: [String]
  /// How long the program may run; then it gets SIGTERM, and SIGKILL 2 s later.
  var timeout: Duration

  /// The most of the program's standard error read for the log: a program
  /// that writes more is stopped, and the attempt retried.
  static let errorLimit = 65536

  /// The channel's name in the outbox and in messages: `exec:` and the command line.
  var name: String { "exec:" + self.command.joined(separator: " ") }

  /// Runs the program once for `delivery`.
  func deliver(_ delivery: AlertDelivery, logger: Logger) async -> ChannelOutcome {
    guard let program = self.command.first else { return .permanent("no program to run") }
    let fields = AlertEventFields(payload: delivery.payload)
    let environment: [Environment.Key: String?] = [
      "QUAKE_ID": fields.quakeId, "QUAKE_MAGNITUDE": fields.magnitude, "QUAKE_PLACE": fields.place,
      "QUAKE_URL": fields.url, "QUAKESD_RULE": delivery.rule, "QUAKESD_EVENT": delivery.event,
      "QUAKESD_KEY": delivery.key,
    ]
    var options = PlatformOptions()
    // Its own session: a timeout ends the program and whatever it started.
    options.createSession = true
    options.teardownSequence = [.gracefulShutDown(toProcessGroup: true, allowedDurationToNextStep: .seconds(2))]
    let timeout = self.timeout
    let expired = Mutex(false)
    let run = Task {
      try await Subprocess.run(
        .path(FilePath(program)), arguments: Arguments(Array(self.command.dropFirst())),
        environment: .inherit.updating(environment), platformOptions: options,
        input: .string(delivery.payload), output: .discarded, error: .bytes(limit: Self.errorLimit))
    }
    let timer = Task {
      try await Task.sleep(for: timeout)
      expired.withLock { $0 = true }
      run.cancel()
    }
    defer { timer.cancel() }
    let stopped = ChannelOutcome.retryable("did not finish within \(DurationText.format(timeout)); stopped")
    let result: ExecutionResult<Void, DiscardedOutput, BytesOutput>
    do {
      result = try await withTaskCancellationHandler {
        try await run.value
      } onCancel: {
        run.cancel()
      }
    } catch {
      if expired.withLock({ $0 }) { return stopped }
      if error is CancellationError { return .retryable("stopped: quakesd is stopping") }
      // Only a program that is not there (or not executable) will never run;
      // anything else (its input refused, too much on standard error) may pass.
      guard FileManager.default.isExecutableFile(atPath: program) else {
        return .permanent("cannot run \(program): \(error)")
      }
      return .retryable("\(program) failed: \(error)")
    }
    let errors = String(decoding: result.standardError, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    if !errors.isEmpty {
      logger.notice("\(self.name) (rule \(delivery.rule), \(delivery.quakeId)) wrote: \(errors.suffix(8192))")
    }
    if expired.withLock({ $0 }) { return stopped }
    switch result.terminationStatus {
    case .exited(0): return .delivered("exit status 0")
    case .exited(let code): return .retryable("exit status \(code)" + Self.lastLine(errors))
    case .signaled(let signal): return .retryable("ended by signal \(signal)" + Self.lastLine(errors))
    }
  }

  /// `: ` and the last line of `errors`, for the outbox's short detail.
  private static func lastLine(_ errors: String) -> String {
    guard let last = errors.split(whereSeparator: \.isNewline).last else { return "" }
    return ": " + String(last.prefix(200))
  }
}
