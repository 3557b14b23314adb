import Foundation
import Logging
import QuakesData

/// An `exec:` channel: runs a program, without a shell, with the event JSON
/// on its standard input and the key fields in its environment
/// (`QUAKE_ID`, `QUAKE_MAGNITUDE`, `QUAKE_PLACE`, `QUAKE_URL`,
/// `QUAKESD_RULE`, `QUAKESD_EVENT`, `QUAKESD_KEY`). Exit status 0 is
/// delivered, whatever the program read or wrote; another status or the
/// timeout is retried; a program that is not there or not executable is a
/// permanent failure. What it writes to standard error is logged (the first
/// 64 KiB; the rest is read and dropped); its standard output is discarded.
struct ExecChannel: Hashable, Sendable {
  /// The program (an absolute path) and its arguments.
  var command: [String]
  /// How long the program may run; then it gets SIGTERM, and SIGKILL 2 s later.
  var timeout: Duration

  /// The most of the program's standard error kept for the log; what it
  /// writes beyond is read and dropped.
  static let errorLimit = 65536
  /// How long a program stopped by the timeout (or by quakesd stopping) has
  /// between SIGTERM and SIGKILL.
  static let grace = Duration.seconds(2)

  /// The channel's name in the outbox and in messages: `exec:` and the command line.
  var name: String { "exec:" + self.command.joined(separator: " ") }

  /// Runs the program once for `delivery`.
  func deliver(_ delivery: AlertDelivery, logger: Logger) async -> ChannelOutcome {
    await self.deliver(delivery, logger: logger, clock: ContinuousClock())
  }

  /// Runs the program once for `delivery`, its timeout measured on `clock`.
  func deliver<C: Clock<Duration>>(_ delivery: AlertDelivery, logger: Logger, clock: C) async -> ChannelOutcome {
    guard let program = self.command.first else { return .permanent("no program to run") }
    let fields = AlertEventFields(payload: delivery.payload)
    let variables: [String: String] = [
      "QUAKE_ID": fields.quakeId, "QUAKE_MAGNITUDE": fields.magnitude, "QUAKE_PLACE": fields.place,
      "QUAKE_URL": fields.url, "QUAKESD_RULE": delivery.rule, "QUAKESD_EVENT": delivery.event,
      "QUAKESD_KEY": delivery.key,
    ]
    let environment = variables.mapValues { Optional(Self.capped($0)) }
    let exit: ProgramRun.Exit
    do {
      exit = try await ProgramRun.run(
        program, arguments: Array(self.command.dropFirst()), environment: environment,
        input: Array(delivery.payload.utf8), errorLimit: Self.errorLimit, timeout: self.timeout, grace: Self.grace,
        clock: clock)
    } catch {
      let reason = "cannot run \(program): \(error.message)"
      return error.isPermanent ? .permanent(reason) : .retryable(reason)
    }
    let errors = String(decoding: exit.standardError, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    if !errors.isEmpty || exit.droppedErrorBytes > 0 {
      let cut =
        exit.droppedErrorBytes > 0 ? " (cut at \(Self.errorLimit) bytes; \(exit.droppedErrorBytes) more dropped)" : ""
      logger.notice(
        "\(self.name) (rule \(delivery.rule), \(delivery.quakeId)) wrote\(cut): \(errors.suffix(8192))")
    }
    // Exit status 0 decides, even from a program that a stop reached as it ended.
    switch (exit.stopped, exit.termination) {
    case (_, .exited(0)): return .delivered("exit status 0")
    case (.timedOut, _):
      return .retryable("did not finish within \(DurationText.format(self.timeout)); stopped")
    case (.cancelled, _):
      return .retryable("stopped: quakesd is stopping")
    case (.noThread, _):
      return .retryable("quakesd could not make a thread to watch \(program), so it stopped it")
    case (nil, .exited(let code)): return .retryable("exit status \(code)" + Self.lastLine(errors))
    case (nil, .signaled(let signal)): return .retryable("ended by signal \(signal)" + Self.lastLine(errors))
    case (nil, .unknown): return .retryable("its exit status was lost (is SIGCHLD ignored?)")
    }
  }

  /// The longest value of an environment variable, in bytes: the kernel
  /// refuses to start a program with one over 128 KiB, and a feed's text
  /// (a place) may be longer. The event on standard input has it whole.
  static let environmentValueLimit = 4096

  /// `value` cut to ``environmentValueLimit`` bytes, at a character's end.
  static func capped(_ value: String) -> String {
    guard value.utf8.count > Self.environmentValueLimit else { return value }
    var length = 0
    return String(
      value.prefix { character in
        length += character.utf8.count
        return length <= Self.environmentValueLimit
      })
  }

  /// `: ` and the last line of `errors`, for the outbox's short detail.
  private static func lastLine(_ errors: String) -> String {
    guard let last = errors.split(whereSeparator: \.isNewline).last else { return "" }
    return ": " + String(last.prefix(200))
  }
}
