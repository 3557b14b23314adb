import Foundation
import Glibc

/// A throwaway PostgreSQL cluster for one test: `initdb` in a directory of
/// its own, the server on a free port of 127.0.0.1 and on a Unix socket in
/// that directory. TCP connections authenticate with ``password`` (SCRAM);
/// the socket trusts anyone, for the test's own `psql`. Stop it with
/// ``stop()``; ``withPostgresCluster(_:)`` starts one and always stops it.
///
/// Debian's postgresql-15 provides the programs (`make test` installs it).
/// PostgreSQL refuses to run as root, so as root the cluster runs as the
/// `postgres` user that package creates.
public final class PostgresCluster: Sendable {
  /// The cluster's directory (data in `data`, the socket beside it).
  public let directory: String
  /// The TCP port on 127.0.0.1.
  public let port: Int
  /// The superuser's name.
  public var user: String { Self.superuser }
  private static let superuser = "quakesd"
  /// The superuser's password, for TCP connections.
  public let password: String

  /// Where PostgreSQL's programs are, if they are installed.
  public static let programs: String? = {
    let candidates = ["/usr/lib/postgresql/15/bin", "/usr/lib/postgresql/16/bin", "/usr/lib/postgresql/17/bin"]
    return candidates.first { FileManager.default.isExecutableFile(atPath: "\($0)/initdb") }
  }()

  /// Why tests that need a cluster are skipped.
  public static let absent =
    "PostgreSQL's initdb is not installed (make test installs Debian's postgresql-15): the PostgreSQL tests are skipped"

  private init(directory: String, port: Int, password: String) {
    self.directory = directory
    self.port = port
    self.password = password
  }

  /// Makes and starts a cluster; a test's runs with `fsync=off`, a
  /// benchmark's (`durable`) syncs each commit as a server in service does.
  /// With `alsoListeningOn`, it listens on that address too, and lets in
  /// clients of the subnets it is on (a test's network namespace).
  ///
  /// - Throws: when PostgreSQL is not installed, or `initdb` or the server fails
  ///   (its log is in the error).
  public static func start(durable: Bool = false, alsoListeningOn address: String? = nil) async throws
    -> PostgresCluster
  {
    guard let programs = Self.programs else { throw Failure(description: Self.absent) }
    await Self.reapOrphans(programs: programs)
    var template = Array("\(Self.parent)/\(Self.prefix)XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else {
      throw Failure(description: "mkdtemp: \(String(cString: strerror(errno)))")
    }
    let directory = String(cString: made)
    let asRoot = geteuid() == 0
    do {
      try "\(getpid())\n".write(toFile: "\(directory)/\(Self.ownerFile)", atomically: false, encoding: .utf8)
      let password = "throwaway-\(UInt32.random(in: 0...UInt32.max))"
      try "\(password)\n".write(toFile: "\(directory)/password", atomically: false, encoding: .utf8)
      if asRoot { try Self.handToPostgres(directory) }
      try await Self.run(
        "\(programs)/initdb", "-D", "\(directory)/data", "-U", Self.superuser, "--pwfile", "\(directory)/password",
        "--auth-local", "trust", "--auth-host", "scram-sha-256", "--no-sync", "--encoding", "UTF8", "--locale", "C")
      if address != nil {
        let rules = try FileHandle(forWritingTo: URL(fileURLWithPath: "\(directory)/data/pg_hba.conf"))
        try rules.seekToEnd()
        try rules.write(contentsOf: Data("host all all samenet scram-sha-256\n".utf8))
        try rules.close()
      }
      // The free port is let go before the server binds it: a test beside
      // may take it meanwhile, and the server then starts on another.
      for _ in 1...3 {
        let port = try RefusingPort().port
        do {
          try await Self.run(
            "\(programs)/pg_ctl", "-D", "\(directory)/data", "-l", "\(directory)/server.log", "-w", "-t", "30",
            "-o",
            "-c listen_addresses=\(["127.0.0.1", address].compactMap { $0 }.joined(separator: ","))"
              + " -c port=\(port) -c unix_socket_directories=\(directory)"
              + (durable ? "" : " -c fsync=off"),
            "start")
          return PostgresCluster(directory: directory, port: port, password: password)
        } catch {
          let log = (try? String(contentsOfFile: "\(directory)/server.log", encoding: .utf8)) ?? ""
          guard log.contains("Address already in use") else { throw error }
        }
      }
      throw Failure(description: "three free ports were taken before the server could bind them")
    } catch {
      let log = (try? String(contentsOfFile: "\(directory)/server.log", encoding: .utf8)) ?? ""
      _ = try? await Self.run("\(programs)/pg_ctl", "-D", "\(directory)/data", "-m", "immediate", "stop")
      try? FileManager.default.removeItem(atPath: directory)
      throw Failure(description: "\(error)\n\(log)")
    }
  }

  /// Restarts the server: `immediate` stops it as a crash would (every
  /// session cut, recovery at the start), `fast` as a shutdown does. The
  /// server comes back on the same port with the same settings.
  public func restart(mode: String = "immediate") async throws {
    guard let programs = Self.programs else { throw Failure(description: Self.absent) }
    try await Self.run(
      "\(programs)/pg_ctl", "-D", "\(self.directory)/data", "-l", "\(self.directory)/server.log", "-m", mode, "-w",
      "-t", "30", "restart")
  }

  /// Stops the server at once and removes the cluster.
  public func stop() async {
    if let programs = Self.programs {
      _ = try? await Self.run("\(programs)/pg_ctl", "-D", "\(self.directory)/data", "-m", "immediate", "-w", "stop")
    }
    try? FileManager.default.removeItem(atPath: self.directory)
  }

  /// Runs `sql` as the superuser through `psql` on the socket, in
  /// `database`; what it printed, unaligned and without headers.
  ///
  /// - Throws: when `psql` fails.
  @discardableResult
  public func psql(_ sql: String, database: String = "postgres") async throws -> String {
    let result = try await Command.run(
      "psql",
      [
        "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-h", self.directory, "-p", String(self.port), "-U", self.user,
        "-d", database, "-c", sql,
      ])
    guard result.status == 0 else { throw Failure(description: "psql \(sql): \(result.errors)") }
    return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Runs a PostgreSQL program, as `postgres` when the test runs as root.
  static func run(_ program: String, _ arguments: String...) async throws {
    let result =
      geteuid() == 0
      ? try await Command.run("runuser", ["-u", "postgres", "--", program] + arguments)
      : try await Command.run(program, arguments)
    guard result.status == 0 else {
      throw Failure(description: "\(program) exited with status \(result.status): \(result.errors)\(result.output)")
    }
  }

  /// Gives `directory` and what is in it to the `postgres` user.
  private static func handToPostgres(_ directory: String) throws {
    guard let account = getpwnam("postgres") else {
      throw Failure(description: "running as root, and there is no postgres user to run PostgreSQL as")
    }
    for path in [directory, "\(directory)/password"]
    where chown(path, account.pointee.pw_uid, account.pointee.pw_gid) != 0 {
      throw Failure(description: "chown \(path): \(String(cString: strerror(errno)))")
    }
  }

  /// Why a cluster could not be made, started or used.
  public struct Failure: Error, CustomStringConvertible {
    public let description: String
  }
}

/// Runs `body` with a new cluster, and stops the cluster when `body` ends,
/// however it ends.
public func withPostgresCluster<Result>(
  alsoListeningOn address: String? = nil, _ body: (PostgresCluster) async throws -> Result
) async throws -> Result {
  let cluster = try await PostgresCluster.start(alsoListeningOn: address)
  do {
    let result = try await body(cluster)
    await cluster.stop()
    return result
  } catch {
    await cluster.stop()
    throw error
  }
}
