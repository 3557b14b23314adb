import CSpawn
import Foundation
import Glibc
import Synchronization

/// One run of an alert's program, supervised by a thread of its own: the
/// input on standard input (a file in memory, so the program may read all
/// of it, part of it or none, close it or exit at once), standard output
/// discarded, standard error kept up to a limit and the rest read and
/// dropped, so the program never blocks on a full pipe.
///
/// quakesd spawns its programs itself rather than through swift-subprocess:
/// that library's writer of standard input traps (`FileDescriptor … was not
/// closed`) when the program exits without reading its input, which a
/// script that reads only its environment does, and its output limit stops
/// a program that writes more instead of dropping the rest. A trap in a
/// daemon is a crash loop: the delivery is still pending at the restart
/// (docs/architecture.md, "Alert programs").
///
/// The supervising thread is the only one that signals the program, reaps
/// it, and closes its descriptors: ``terminate(timedOut:)`` and ``kill()``
/// only ask, so no signal can reach a process id that was reaped and reused.
final class ProgramRun: Sendable {
  /// How a run ended.
  struct Exit: Hashable, Sendable {
    /// How the program ended.
    enum Termination: Hashable, Sendable {
      case exited(Int32)
      case signaled(Int32)
      /// Something else reaped it (SIGCHLD ignored): how it ended is not known.
      case unknown
    }

    /// How the program ended.
    var termination: Termination
    /// The start of its standard error, at most the run's limit.
    var standardError: [UInt8]
    /// How many more bytes it wrote to standard error, read and dropped.
    var droppedErrorBytes: Int
    /// Whether it was stopped, and why.
    var stopped: StopReason?
  }

  /// Why a run was stopped before its program ended by itself.
  enum StopReason: Hashable, Sendable {
    /// It outlived its timeout.
    case timedOut
    /// The task that waited for it was cancelled: quakesd is stopping.
    case cancelled
    /// No thread could be made to supervise it: it was killed at once.
    case noThread
  }

  /// Why a program could not be started.
  struct SpawnError: Error, Hashable, Sendable {
    /// The errno value of the step that failed.
    var code: Int32
    /// That step: `spawn` when the program itself could not be run.
    var step: String

    /// Whether the program is not there or cannot be run: running it again
    /// will not help until someone installs it.
    var isPermanent: Bool {
      self.step == "spawn"
        && [ENOENT, EACCES, ENOEXEC, ENOTDIR, ELOOP, ENAMETOOLONG, EISDIR, E2BIG].contains(self.code)
    }

    /// The step and the system's message, `spawn: No such file or directory`.
    var message: String {
      "\(self.step): \(String(cString: strerror(self.code)))"
    }
  }

  private struct Control {
    var stop: StopReason?
    var killRequested = false
    var finished = false
    /// The write end of the wake-up pipe, until the supervisor closes both ends.
    var wake: Int32
  }

  private let processIdentifier: pid_t
  private let control: Mutex<Control>
  private let descriptors: (wake: Int32, exit: Int32, standardError: Int32)
  private let errorLimit: Int

  private init(
    processIdentifier: pid_t, wake: (read: Int32, write: Int32), exit: Int32, standardError: Int32, errorLimit: Int
  ) {
    self.processIdentifier = processIdentifier
    self.control = Mutex(Control(wake: wake.write))
    self.descriptors = (wake.read, exit, standardError)
    self.errorLimit = errorLimit
  }

  /// Runs `path` with `arguments` and `environment` (added to quakesd's own;
  /// `nil` removes a variable) with `input` on its standard input, keeping
  /// at most `errorLimit` bytes of its standard error. After `timeout` on
  /// `clock` (or when the calling task is cancelled) its process group gets
  /// SIGTERM, and SIGKILL `grace` later.
  ///
  /// - Throws: ``SpawnError`` when it could not be started.
  static func run<C: Clock<Duration>>(
    _ path: String, arguments: [String], environment: [String: String?], input: [UInt8], errorLimit: Int,
    timeout: Duration, grace: Duration, clock: C
  ) async throws(SpawnError) -> Exit {
    let run = try self.start(path, arguments: arguments, environment: environment, input: input, errorLimit: errorLimit)
    let timer = Task {
      // Cancelled when the run ends (then terminate does nothing) or quakesd stops.
      let expired = (try? await clock.sleep(for: timeout)) != nil
      guard run.terminate(expired ? .timedOut : .cancelled) else { return }
      Task.detached {
        try? await clock.sleep(for: grace)
        run.kill()
      }
    }
    let exit = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let supervising = Self.detachThread { continuation.resume(returning: run.supervise()) }
        // No thread to be had: end the program rather than block a thread
        // of the task pool for as long as it runs.
        if !supervising { continuation.resume(returning: run.stopUnsupervised()) }
      }
    } onCancel: {
      timer.cancel()
    }
    timer.cancel()
    return exit
  }

  private static func start(
    _ path: String, arguments: [String], environment: [String: String?], input: [UInt8], errorLimit: Int
  ) throws(SpawnError) -> ProgramRun {
    var opened: [Int32] = []
    var handedOver = false
    defer { if !handedOver { opened.forEach { _ = Glibc.close($0) } } }
    let inputFile = quakesd_memfd_create("quakesd-alert")
    guard inputFile >= 0 else { throw SpawnError(code: errno, step: "memfd_create") }
    defer { _ = Glibc.close(inputFile) }
    try self.write(input, to: inputFile)
    var errorPipe: [Int32] = [-1, -1]
    guard quakesd_pipe_cloexec(&errorPipe) == 0 else { throw SpawnError(code: errno, step: "pipe") }
    opened += [errorPipe[0]]
    defer { _ = Glibc.close(errorPipe[1]) }
    var wakePipe: [Int32] = [-1, -1]
    guard quakesd_pipe_cloexec(&wakePipe) == 0 else { throw SpawnError(code: errno, step: "pipe") }
    opened += wakePipe
    var processIdentifier: pid_t = 0
    let spawned = self.withCStrings([path] + arguments) { argv in
      self.withCStrings(self.environmentLines(updating: environment)) { envp in
        quakesd_spawn(&processIdentifier, path, argv, envp, inputFile, errorPipe[1])
      }
    }
    guard spawned == 0 else { throw SpawnError(code: spawned, step: "spawn") }
    // Without a pidfd (Linux before 5.3) the supervisor looks every 50 ms.
    let exit = quakesd_pidfd_open(processIdentifier)
    handedOver = true
    return ProgramRun(
      processIdentifier: processIdentifier, wake: (wakePipe[0], wakePipe[1]), exit: exit,
      standardError: errorPipe[0], errorLimit: errorLimit)
  }

  /// Asks the supervisor to end the program's process group with SIGTERM.
  /// Returns `false` when the run has already ended.
  @discardableResult
  func terminate(_ reason: StopReason) -> Bool {
    self.request { control in
      if control.stop == nil { control.stop = reason }
    }
  }

  /// Asks the supervisor to end the program's process group with SIGKILL.
  func kill() {
    _ = self.request { $0.killRequested = true }
  }

  private func request(_ change: (inout Control) -> Void) -> Bool {
    self.control.withLock { control in
      guard !control.finished else { return false }
      change(&control)
      var byte: UInt8 = 1
      _ = Glibc.write(control.wake, &byte, 1)
      return true
    }
  }
}

// MARK: The supervising thread

extension ProgramRun {
  /// Reads standard error and acts on requests until the program ends;
  /// reaps it and closes every descriptor of the run.
  fileprivate func supervise() -> Exit {
    var standardError: [UInt8] = []
    var dropped = 0
    var errorOpen = true
    var signalled: (term: Bool, kill: Bool) = (false, false)
    var buffer = [UInt8](repeating: 0, count: 65536)
    // Without a pidfd (Linux before 5.3), or once poll fails, it looks every 50 ms.
    var usesPidfd = self.descriptors.exit >= 0
    var status: Int32?
    while status == nil {
      var watched = [pollfd(fd: self.descriptors.wake, events: Int16(POLLIN), revents: 0)]
      if usesPidfd { watched.append(pollfd(fd: self.descriptors.exit, events: Int16(POLLIN), revents: 0)) }
      if errorOpen { watched.append(pollfd(fd: self.descriptors.standardError, events: Int16(POLLIN), revents: 0)) }
      if poll(&watched, nfds_t(watched.count), usesPidfd ? -1 : 50) < 0 {
        if errno != EINTR {
          usesPidfd = false
          usleep(50_000)
        }
        for index in watched.indices { watched[index].revents = 0 }
      }
      // The wake bytes are drained before the requests are read: a request
      // made after this read leaves its byte for the next poll. Read after
      // them, a request made in between (the kill after the timeout's
      // SIGTERM) lost its byte unseen, and the supervisor slept for good
      // beside a program that ignores SIGTERM (run 5 of the 20-run check).
      if watched[0].revents != 0 { _ = Glibc.read(self.descriptors.wake, &buffer, buffer.count) }
      let requests = self.control.withLock { ($0.stop != nil, $0.killRequested) }
      if requests.0, !signalled.term {
        signalled.term = true
        _ = Glibc.kill(-self.processIdentifier, SIGTERM)
      }
      if requests.1, !signalled.kill {
        signalled.kill = true
        _ = Glibc.kill(-self.processIdentifier, SIGKILL)
      }
      if errorOpen, let errorPoll = watched.last, errorPoll.fd == self.descriptors.standardError,
        errorPoll.revents != 0
      {
        errorOpen = self.readError(into: &standardError, dropped: &dropped, buffer: &buffer)
      }
      status = self.reapIfExited(usesPidfd: usesPidfd, stopped: signalled.term)
    }
    // What it wrote before it ended, but not what a process it left behind
    // writes later: that one may hold the pipe open for as long as it runs.
    if errorOpen, fcntl(self.descriptors.standardError, F_SETFL, O_NONBLOCK) == 0 {
      while self.readError(into: &standardError, dropped: &dropped, buffer: &buffer) {}
    }
    return self.finish(
      Exit(
        termination: Self.termination(status ?? -1), standardError: standardError, droppedErrorBytes: dropped,
        stopped: nil),
      stopApplied: signalled.term)
  }

  /// Ends a run that no thread could be made to supervise: SIGKILL to its
  /// group, reaped at once, its descriptors closed. Blocking, but briefly.
  fileprivate func stopUnsupervised() -> Exit {
    _ = Glibc.kill(-self.processIdentifier, SIGKILL)
    let status = self.reap(stopped: false)
    var exit = self.finish(
      Exit(termination: Self.termination(status), standardError: [], droppedErrorBytes: 0, stopped: nil),
      stopApplied: false)
    exit.stopped = .noThread
    return exit
  }

  /// Reads what standard error has; returns `false` at its end (or on an error, or when a
  /// non-blocking read finds nothing more).
  private func readError(into kept: inout [UInt8], dropped: inout Int, buffer: inout [UInt8]) -> Bool {
    let count = buffer.withUnsafeMutableBytes { Glibc.read(self.descriptors.standardError, $0.baseAddress, $0.count) }
    if count < 0, errno == EINTR { return true }
    guard count > 0 else { return false }
    let room = max(0, self.errorLimit - kept.count)
    kept.append(contentsOf: buffer.prefix(min(room, count)))
    dropped += max(0, count - room)
    return true
  }

  /// The program's wait status once it has ended (reaped then; -1 when
  /// something else reaped it), `nil` while it runs. Its end is seen
  /// without reaping it (the pidfd, or `waitid`'s `WNOWAIT`), so that a
  /// stopped run's group can be ended before its id is free for reuse.
  private func reapIfExited(usesPidfd: Bool, stopped: Bool) -> Int32? {
    if usesPidfd {
      var watched = pollfd(fd: self.descriptors.exit, events: Int16(POLLIN), revents: 0)
      guard poll(&watched, 1, 0) == 1 else { return nil }
    } else {
      switch quakesd_has_exited(self.processIdentifier) {
      case 0: return nil
      case 1: break
      default: return -1
      }
    }
    return self.reap(stopped: stopped)
  }

  /// Reaps the program, which has ended (or was killed): its wait status,
  /// -1 when something else reaped it.
  private func reap(stopped: Bool) -> Int32 {
    // A stopped run takes its whole process group with it, before the
    // leader is reaped and its group id could be reused.
    if stopped { _ = Glibc.kill(-self.processIdentifier, SIGKILL) }
    var status: Int32 = 0
    while true {
      let reaped = waitpid(self.processIdentifier, &status, 0)
      if reaped == self.processIdentifier { return status }
      if reaped < 0, errno == EINTR { continue }
      return -1
    }
  }

  /// Closes the run's descriptors: from now on requests do nothing. The
  /// exit counts as stopped only if the stop reached the program.
  private func finish(_ exit: Exit, stopApplied: Bool) -> Exit {
    var exit = exit
    self.control.withLock { control in
      control.finished = true
      exit.stopped = stopApplied ? control.stop : nil
      for descriptor in [control.wake, self.descriptors.wake, self.descriptors.exit, self.descriptors.standardError]
      where descriptor >= 0 {
        _ = Glibc.close(descriptor)
      }
    }
    return exit
  }

  private static func termination(_ status: Int32) -> Exit.Termination {
    guard status >= 0 else { return .unknown }
    // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import (macros).
    let signal = status & 0x7f
    return signal == 0 ? .exited((status >> 8) & 0xff) : .signaled(signal)
  }
}

// MARK: Setting up

extension ProgramRun {
  private static func write(_ input: [UInt8], to descriptor: Int32) throws(SpawnError) {
    var offset = 0
    while offset < input.count {
      let written = input.withUnsafeBytes {
        Glibc.write(descriptor, $0.baseAddress.map { $0 + offset }, $0.count - offset)
      }
      if written < 0, errno == EINTR { continue }
      guard written > 0 else { throw SpawnError(code: errno, step: "write") }
      offset += written
    }
    guard lseek(descriptor, 0, SEEK_SET) == 0 else { throw SpawnError(code: errno, step: "lseek") }
  }

  /// Runs `body` on a new detached thread; `false` when none could be made.
  private static func detachThread(_ body: @escaping @Sendable () -> Void) -> Bool {
    let box = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
    var thread = pthread_t()
    let created = pthread_create(
      &thread, nil,
      { pointer in
        guard let pointer else { return nil }
        Unmanaged<ThreadBody>.fromOpaque(pointer).takeRetainedValue().body()
        return nil
      }, box)
    guard created == 0 else {
      Unmanaged<ThreadBody>.fromOpaque(box).release()
      return false
    }
    pthread_detach(thread)
    return true
  }

  private final class ThreadBody: Sendable {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
  }

  /// What systemd gave quakesd alone: a program that read them could
  /// notify or take sockets in quakesd's name.
  static let variablesNotPassed = [
    "NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID", "LISTEN_FDS", "LISTEN_PID", "LISTEN_FDNAMES",
  ]

  /// `base` (quakesd's environment), but ``variablesNotPassed``, with
  /// `updates` applied, as `NAME=value` lines.
  static func environmentLines(
    updating updates: [String: String?], from base: [String: String] = ProcessInfo.processInfo.environment
  ) -> [String] {
    var environment = base
    for name in Self.variablesNotPassed { environment[name] = nil }
    for (name, value) in updates { environment[name] = value }
    return environment.map { "\($0.key)=\($0.value)" }
  }

  /// Calls `body` with `strings` as a NULL-terminated array of C strings.
  private static func withCStrings<T>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> T) -> T {
    let pointers = strings.map { strdup($0) } + [nil]
    defer { pointers.forEach { free($0) } }
    return body(pointers)
  }
}
