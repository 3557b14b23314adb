import Foundation
import QuakesTestSupport
import Subprocess
import SystemPackage

/// One whole-process run of a command, measured from the outside the same
/// way for ours and a peer: `quakes-measure` (a small C program beside this
/// benchmark, spawned with swift-subprocess) forks it, and reports the wall
/// time from fork to exit and the peak resident memory from `wait4`'s
/// `ru_maxrss`, which swift-subprocess does not give (and a child spawned
/// from quakes-bench itself would report at least quakes-bench's own: see
/// quakes-measure's `main.c`).
struct MeasuredRun {
  /// Wall-clock time from fork to the exit reaped by `wait4`.
  let wallTime: Duration
  /// Peak resident set size, in KiB.
  let peakResidentKiB: Int
  /// The exit status (128 + signal when a signal ended it).
  let status: Int32

  /// Peak resident set size, in MiB.
  var peakResidentMiB: Double { Double(self.peakResidentKiB) / 1_024 }

  /// Why a command could not be measured.
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// Runs `executable` with `arguments` to its end; its output goes to
  /// `/dev/null` unless `logPath` names a file to keep it in.
  static func run(
    _ executable: String, _ arguments: [String], environment: [String: String]? = nil, logPath: String? = nil
  ) async throws -> MeasuredRun {
    let measure = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
      "quakes-measure"
    ).path
    let resultPath = FileManager.default.temporaryDirectory.appendingPathComponent(
      "quakes-measure-\(UUID().uuidString)"
    ).path
    defer { try? FileManager.default.removeItem(atPath: resultPath) }

    let log = try FileDescriptor.open(
      logPath ?? "/dev/null", .writeOnly, options: [.create, .truncate],
      permissions: [.ownerReadWrite, .groupRead, .otherRead])
    let run = try await Subprocess.run(
      .path(FilePath(measure)), arguments: Arguments([resultPath, executable] + arguments),
      environment: environment.map(Environment.only) ?? .inherit,
      output: .fileDescriptor(log, closeAfterSpawningProcess: true), error: .combinedWithOutput)
    let fields = ((try? String(contentsOfFile: resultPath, encoding: .utf8)) ?? "").split(separator: " ")
    guard run.terminationStatus == .exited(0), fields.count == 3, let nanoseconds = Int64(fields[0]),
      let kibibytes = Int(fields[1]),
      let exitStatus = Int32(fields[2].trimmingCharacters(in: .whitespacesAndNewlines))
    else {
      throw Failure(description: "quakes-measure could not run \(executable) (see \(logPath ?? "its output"))")
    }
    return MeasuredRun(wallTime: .nanoseconds(nanoseconds), peakResidentKiB: kibibytes, status: exitStatus)
  }
}
