import Foundation
import QuakesTestSupport

/// The tools a user would pick instead of quakesd, installed from PyPI into
/// the benchmark's virtual environment (`make bench` makes it under
/// `.build/bench-venv`), and the `sqlite3` shell from Debian.
struct PeerTools: Sendable {
  /// The virtual environment's `bin` folder.
  let bin: String

  /// The peers in the virtual environment at `bin`, or `nil` when
  /// `geojson-to-sqlite` is not there (the smoke run without peers).
  init?(bin: String?) {
    guard let bin, FileManager.default.isExecutableFile(atPath: bin + "/geojson-to-sqlite") else { return nil }
    self.bin = bin
  }

  var geojsonToSQLite: String { self.bin + "/geojson-to-sqlite" }
  var sqliteUtils: String { self.bin + "/sqlite-utils" }
  var datasette: String { self.bin + "/datasette" }
  var python: String { self.bin + "/python" }
  /// Hummingbird 2 sending a file's bytes (Tests/Peers/hummingbird-floor),
  /// when `make bench-peers` built it.
  var hummingbirdFloor: String? {
    let path = self.bin + "/hummingbird-floor"
    return FileManager.default.isExecutableFile(atPath: path) ? path : nil
  }

  /// `name version` of each Python package the comparisons use.
  func versions() async -> [String] {
    let script = """
      import importlib.metadata as m, platform
      print("Python " + platform.python_version())
      for p in ["geojson-to-sqlite", "sqlite-utils", "datasette", "uvicorn", "orjson"]:
          print(p + " " + m.version(p))
      """
    guard let run = try? await Command.run(self.python, ["-c", script]), run.status == 0 else {
      return ["(unknown versions)"]
    }
    return run.output.split(separator: "\n").map(String.init)
  }

  /// Runs `body` with datasette serving `database` on a port of 127.0.0.1
  /// (database name: the file's name without its extension), then stops it.
  ///
  /// With `immutable` datasette runs with `-i`, as a user serves a file
  /// nothing writes to (SQLite then reads neither locks nor the
  /// write-ahead log); without, as a live database is served. Its
  /// one-second limit on a query is raised, so that a slow answer is
  /// timed rather than refused. It counts the tables' rows as it starts,
  /// which takes a while at a million.
  func withDatasette(
    serving database: String, immutable: Bool = true, _ body: (UInt16) async throws -> Void
  ) async throws {
    try await withChildProcess(
      executable: self.datasette,
      arguments: ["serve"] + (immutable ? ["-i", database] : [database])
        + ["--host", "127.0.0.1", "--port", "0", "--setting", "sql_time_limit_ms", "60000"],
      mergeStandardError: true
    ) { server in
      let line = try await server.waitForLine(timeout: .seconds(600)) { $0.contains("running on http://127.0.0.1:") }
      guard let port = line.split(separator: ":").last.flatMap({ UInt16($0.prefix { $0.isNumber }) }) else {
        throw MeasuredRun.Failure(description: "datasette said no port: \(line)")
      }
      try await body(port)
    }
  }

  /// The `sqlite3` shell on `PATH`, when there is one.
  static var sqlite3: String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/sqlite3" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }
}
