import Foundation

/// One whole-process run of a command, measured from the outside the same
/// way for ours and a peer: `quakes-measure` (a small C program beside this
/// benchmark) forks it, and reports the wall time from fork to exit and the
/// peak resident memory from `wait4`'s `ru_maxrss`.
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
  ) throws -> MeasuredRun {
    let measure = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
      "quakes-measure"
    ).path
    let resultPath = FileManager.default.temporaryDirectory.appendingPathComponent(
      "quakes-measure-\(UUID().uuidString)"
    ).path
    defer { try? FileManager.default.removeItem(atPath: resultPath) }

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(
      &actions, STDOUT_FILENO, logPath ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO)
    let argv = ([measure, resultPath, executable] + arguments).map { strdup($0) } + [nil]
    let envp = (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { (argv + envp).forEach { free($0) } }

    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, measure, &actions, nil, argv, envp)
    guard spawned == 0 else {
      throw Failure(description: "cannot start \(measure): \(String(cString: strerror(spawned)))")
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      guard errno == EINTR else {
        throw Failure(description: "waitpid \(measure): \(String(cString: strerror(errno)))")
      }
    }
    let fields = ((try? String(contentsOfFile: resultPath, encoding: .utf8)) ?? "").split(separator: " ")
    guard status == 0, fields.count == 3, let nanoseconds = Int64(fields[0]), let kibibytes = Int(fields[1]),
      let exitStatus = Int32(fields[2].trimmingCharacters(in: .whitespacesAndNewlines))
    else {
      throw Failure(description: "quakes-measure could not run \(executable) (see \(logPath ?? "its output"))")
    }
    return MeasuredRun(wallTime: .nanoseconds(nanoseconds), peakResidentKiB: kibibytes, status: exitStatus)
  }
}
