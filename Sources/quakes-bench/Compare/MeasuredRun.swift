import Foundation

/// One whole-process run of a command, measured from the outside: wall time
/// from spawn to exit, and peak resident memory from `wait4`'s `ru_maxrss`,
/// so ours and a peer are measured the same way.
struct MeasuredRun {
  /// Wall-clock time from `posix_spawn` to the exit reaped by `wait4`.
  let wallTime: Duration
  /// Peak resident set size, in KiB.
  let peakResidentKiB: Int
  /// The exit status (128 + signal when a signal ended it).
  let status: Int32

  /// Why a command could not be measured.
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// Runs `executable` with `arguments` to its end; its output goes to
  /// `/dev/null` unless `logPath` names a file to keep it in.
  static func run(
    _ executable: String, _ arguments: [String], environment: [String: String]? = nil, logPath: String? = nil
  ) throws -> MeasuredRun {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    let log = logPath ?? "/dev/null"
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, log, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO)
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { (argv + envp).forEach { free($0) } }

    let clock = ContinuousClock()
    let start = clock.now
    var pid: pid_t = 0
    let spawned = posix_spawnp(&pid, executable, &actions, nil, argv, envp)
    guard spawned == 0 else { throw Failure(description: "cannot start \(executable): \(String(cString: strerror(spawned)))") }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 {
      guard errno == EINTR else { throw Failure(description: "wait4 \(executable): \(String(cString: strerror(errno)))") }
    }
    let wallTime = clock.now - start
    let signal = status & 0x7f
    return MeasuredRun(
      wallTime: wallTime, peakResidentKiB: usage.ru_maxrss, status: signal == 0 ? (status >> 8) & 0xff : 128 + signal)
  }
}
