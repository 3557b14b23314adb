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

  /// The `sqlite3` shell on `PATH`, when there is one.
  static var sqlite3: String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/sqlite3" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }
}
