public import ArgumentParser
import FoundationEssentials
import Glibc
import QuakesClient

/// The options every command takes.
struct GlobalOptions: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp(
      "The runtime directory holding control.sock and query.sock, or one socket file.", valueName: "path"))
  var socket: String?

  @Option(
    name: .long,
    help: ArgumentHelp("Seconds to wait for an answer, at most 86400 (not for watch).", valueName: "seconds"))
  var timeout: Double = 5

  @Option(
    name: .long,
    help: ArgumentHelp(
      "table, json, ndjson, csv or geojson (default: table on a terminal, json otherwise).", valueName: "format"))
  var format: OutputFormat?

  @Flag(name: .long, help: "Print times in UTC instead of local time (tables).")
  var utc = false

  func validate() throws {
    guard self.timeout > 0, self.timeout <= Self.longestTimeout else {
      throw ValidationError(
        "--timeout must be a number of seconds above 0 and at most \(Int(Self.longestTimeout)) (a day), not \(self.timeout)"
      )
    }
  }

  /// The longest `--timeout`: longer than any answer takes (a refresh waits
  /// at most for a transfer's total timeout), and far inside what a
  /// `Duration` of milliseconds holds.
  static let longestTimeout: Double = 86_400

  /// The client for the sockets these options name.
  func client(waitingForever: Bool = false) -> QuakesClient {
    QuakesClient(
      sockets: SocketPaths(option: self.socket),
      timeout: waitingForever ? nil : .milliseconds(Int64(self.timeout * 1_000)))
  }

  /// The format asked for, or the default for where the output goes.
  var outputFormat: OutputFormat {
    self.format ?? .standard(isTerminal: isatty(STDOUT_FILENO) == 1)
  }

  /// The quake printer for these options.
  var quakeOutput: QuakeOutput {
    QuakeOutput(
      utc: self.utc,
      colour: isatty(STDOUT_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"].map(\.isEmpty) ?? true)
  }

  /// A usage error for a format this command cannot print.
  func unsupported(_ formats: [OutputFormat], by command: String) -> ClientError {
    .usage(
      "quakectl \(command) prints \(formats.map(\.rawValue).joined(separator: ", ")); not --format \(self.outputFormat.rawValue)"
    )
  }
}

extension OutputFormat: ExpressibleByArgument {}

/// Writes `data` to standard output; when it cannot (a full disk, a
/// closed pipe), says why and ends quakectl with status 1, so that a
/// script does not take a cut answer for a whole one.
func write(_ data: Data) {
  guard let failure = FileDescriptorOutput.write(data, to: STDOUT_FILENO) else { return }
  writeError("cannot write standard output: \(String(cString: strerror(failure)))")
  exit(1)
}

/// Writes `text` to standard output (``write(_:)-(Data)``).
func write(_ text: String) {
  write(Data(text.utf8))
}

/// Writes `message` to standard error as quakectl's own errors read:
/// `quakectl: message`.
func writeError(_ message: String) {
  writeStandardError(Data("quakectl: \(message)\n".utf8))
}

/// Writes `data` to standard error.
func writeStandardError(_ data: Data) {
  FileDescriptorOutput.write(data, to: STDERR_FILENO)
}
