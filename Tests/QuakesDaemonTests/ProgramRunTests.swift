import Foundation
import QuakesTestSupport
import Testing
import USGSStandIn

@testable import QuakesDaemon

/// The alert programs' runner, with real programs: nothing a program does
/// (exit at once, never read its input, close it, read half, write without
/// end, ignore SIGTERM, leave a process behind) can stop quakesd, leak a
/// descriptor, or turn an exit status 0 into anything else.
@Suite("Alert programs: nothing a program does stops quakesd")
struct ProgramRunTests {
  /// A clock on which every wait is already over: a timeout expires the
  /// moment it is set, and so does the grace after SIGTERM.
  struct ExpiredClock: Clock {
    var now: ContinuousClock.Instant { ContinuousClock.now }
    var minimumResolution: Duration { .zero }
    func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration?) async throws {
      try Task.checkCancellation()
    }
  }

  /// What the alert programs get: a large event, so that a program that
  /// reads none or half of it leaves most of it unread.
  private static let input = Array(("{\"quake\":\"" + String(repeating: "x", count: 200_000) + "\"}").utf8)

  private static func run(
    _ script: String, input: [UInt8] = Self.input, errorLimit: Int = ExecChannel.errorLimit,
    environment: [String: String?] = [:], expired: Bool = false
  ) async throws -> ProgramRun.Exit {
    let arguments = ["-c", script]
    return
      try await
      (expired
      ? ProgramRun.run(
        "/bin/sh", arguments: arguments, environment: environment, input: input, errorLimit: errorLimit,
        timeout: .seconds(60), grace: .seconds(60), clock: ExpiredClock())
      : ProgramRun.run(
        "/bin/sh", arguments: arguments, environment: environment, input: input, errorLimit: errorLimit,
        timeout: .seconds(60), grace: .seconds(60), clock: ContinuousClock()))
  }

  /// How many input files of alert programs this test process has open
  /// (the pipes cannot be told from other tests'; the end-to-end tests
  /// count every descriptor of a real quakesd).
  private static func openInputFiles() throws -> Int {
    try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count { name in
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + name))?
        .hasPrefix("/memfd:quakesd-alert") == true
    }
  }

  @Test("the program reads the whole input, sees the environment, and its exit status comes back")
  func inputEnvironmentAndStatus() async throws {
    let exit = try await Self.run(
      #"test "$(wc -c)" -eq \#(Self.input.count) && test "$QUAKE_ID" = us1 && test -z "$HOME_UNSET"; exit $?"#,
      environment: ["QUAKE_ID": "us1", "HOME_UNSET": nil])
    #expect(exit.termination == .exited(0))
    #expect(try await Self.run("exit 7").termination == .exited(7))
    #expect(try await Self.run("kill -USR1 $$").termination == .signaled(SIGUSR1))
  }

  @Test("the program gets quakesd's environment with the event's fields, but not what systemd gave quakesd alone")
  func environment() {
    let lines = ProgramRun.environmentLines(
      updating: ["QUAKE_ID": "us1", "LANG": nil],
      from: ["PATH": "/usr/bin", "LANG": "C.UTF-8", "NOTIFY_SOCKET": "/run/systemd/notify", "LISTEN_FDS": "2"])
    #expect(Set(lines) == ["PATH=/usr/bin", "QUAKE_ID=us1"])
  }

  @Test("the program inherits no descriptor but its standard streams")
  func nothingInherited() async throws {
    let exit = try await Self.run("exec ls /proc/self/fd >&2")
    // 3 is the directory ls reads.
    #expect(String(decoding: exit.standardError, as: UTF8.self) == "0\n1\n2\n3\n")
  }

  @Test("standard error: the first bytes up to the limit are kept, the rest read and counted, the exit status is 0")
  func standardErrorBeyondTheLimit() async throws {
    let exit = try await Self.run("head -c 4000000 /dev/zero | tr '\\0' e >&2; exit 0", errorLimit: 65536)
    #expect(exit.termination == .exited(0))
    #expect(exit.standardError.count == 65536 && exit.standardError.allSatisfy { $0 == UInt8(ascii: "e") })
    #expect(exit.droppedErrorBytes == 4_000_000 - 65536)
    #expect(exit.stopped == nil)
  }

  @Test("a timeout sends SIGTERM to the whole group; one that ignores it gets SIGKILL after the grace")
  func timeoutAndGrace() async throws {
    let stopped = try await Self.run("exec sleep 600", expired: true)
    #expect(stopped.stopped == .timedOut)
    #expect(stopped.termination == .signaled(SIGTERM) || stopped.termination == .signaled(SIGKILL))
    let stubborn = try await Self.run("trap '' TERM; while :; do sleep 1; done", expired: true)
    #expect(stubborn.stopped == .timedOut)
    if case .signaled = stubborn.termination {} else { Issue.record("\(stubborn.termination)") }
  }

  @Test("a program that leaves a process behind holding standard error is done when it exits")
  func processLeftBehind() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let pidFile = directory.file("left-behind.pid")
    let exit = try await Self.run("echo before >&2; sleep 600 & echo $! > \(pidFile); exit 0")
    #expect(exit.termination == .exited(0))
    #expect(String(decoding: exit.standardError, as: UTF8.self) == "before\n")
    let text = try String(contentsOfFile: pidFile, encoding: .utf8)
    let leftBehind = try #require(pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)))
    defer { kill(leftBehind, SIGKILL) }
    #expect(kill(leftBehind, 0) == 0, "the run ended while the process it left behind still runs")
  }

  @Test("a program that is not there, or not executable, cannot be started, permanently")
  func cannotStart() async throws {
    await #expect(throws: ProgramRun.SpawnError.self) {
      _ = try await ProgramRun.run(
        "/nonexistent/program", arguments: [], environment: [:], input: [], errorLimit: 10, timeout: .seconds(1),
        grace: .seconds(1), clock: ContinuousClock())
    }
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let notExecutable = directory.file("notify")
    try "#!/bin/sh\nexit 0\n".write(toFile: notExecutable, atomically: true, encoding: .utf8)
    do {
      _ = try await ProgramRun.run(
        notExecutable, arguments: [], environment: [:], input: [], errorLimit: 10, timeout: .seconds(1),
        grace: .seconds(1), clock: ContinuousClock())
      Issue.record("a file that is not executable ran")
    } catch {
      #expect(error.isPermanent && error.message.hasPrefix("spawn: "), "\(error.message)")
    }
  }

  /// Programs that misbehave towards their input, their output or their signals.
  private static let misbehaving: [(name: String, script: String, expired: Bool)] = [
    ("exits at once", "exit 0", false),
    ("never reads stdin", "echo ignored >&2; exit 0", false),
    ("closes stdin", "exec 0<&-; sleep 0.01; exit 0", false),
    ("reads half of stdin", "head -c 100000 >/dev/null; exit 0", false),
    ("reads all of stdin", "cat >/dev/null; exit 0", false),
    ("writes without end", "yes error >&2", true),
    ("ignores SIGTERM", "trap '' TERM; while :; do sleep 1; done", true),
    ("forks and exits", "(sleep 0.2 &) ; exit 0", false),
    ("fails", "exit 3", false),
  ]

  @Test("1,000 runs of misbehaving programs, 8 at once: none crashes quakesd, every one is reaped, no descriptor leaks")
  func misbehavingProgramsEightAtOnce() async throws {
    let seed = UInt64.random(in: 0...UInt64.max)
    var generator = SplitMix64(seed: seed)
    let picks = (0..<1000).map { _ in Int.random(in: 0..<Self.misbehaving.count, using: &generator) }
    let outcomes = try await withThrowingTaskGroup(of: (Int, ProgramRun.Exit).self) { group in
      var outcomes: [(Int, ProgramRun.Exit)] = []
      for (index, pick) in picks.enumerated() {
        if index >= 8, let done = try await group.next() { outcomes.append(done) }
        group.addTask {
          let program = Self.misbehaving[pick]
          return (pick, try await Self.run(program.script, errorLimit: 4096, expired: program.expired))
        }
      }
      for try await done in group { outcomes.append(done) }
      return outcomes
    }
    #expect(outcomes.count == 1000, "seed \(seed)")
    for (pick, exit) in outcomes {
      let program = Self.misbehaving[pick]
      switch program.name {
      case "fails": #expect(exit.termination == .exited(3), "\(program.name), seed \(seed)")
      case _ where program.expired: #expect(exit.stopped == .timedOut, "\(program.name), seed \(seed)")
      default: #expect(exit.termination == .exited(0), "\(program.name): \(exit), seed \(seed)")
      }
      #expect(exit.standardError.count <= 4096, "seed \(seed)")
    }
    // Other tests' programs may be running: wait for theirs to end too.
    let deadline = ContinuousClock.now + .seconds(30)
    while try Self.openInputFiles() > 0, ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(20))
    }
    #expect(try Self.openInputFiles() == 0, "every run closes its input file (seed \(seed))")
  }
}
