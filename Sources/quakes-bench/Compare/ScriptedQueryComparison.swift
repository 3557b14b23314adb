import Foundation

/// One query a script runs, whole process: the newest 20 quakes as JSON.
/// `quakectl list --limit 20 --format json` asks the running daemon;
/// `sqlite-utils query` and `sqlite3 -json` run the same SQL on the
/// daemon's database file (which has an index on `time`). Each round runs
/// every tool once, in an order that rotates from round to round.
struct ScriptedQueryComparison {
  /// The SQL the two SQLite tools run.
  static let sql = "SELECT * FROM quakes ORDER BY time DESC LIMIT 20"

  let quakectl: String
  /// The daemon's runtime directory (`quakectl --socket`).
  let runtimeDirectory: String
  let database: String
  let sqliteUtils: String?
  let sqlite3: String?
  let rounds: Int

  /// Wall time (ms) and peak memory (MiB) of each tool.
  struct Result {
    var ours = Samples(), sqliteUtils = Samples(), sqlite3 = Samples()
    var oursMemory = Samples(), sqliteUtilsMemory = Samples(), sqlite3Memory = Samples()
  }

  /// The commands, as the report shows them.
  var commands: [String] {
    ["quakectl list --limit 20 --format json", "sqlite-utils query quakes.sqlite \"\(Self.sql)\"",
     "sqlite3 -readonly -json quakes.sqlite \"\(Self.sql)\""]
  }

  func run() throws -> Result {
    var result = Result()
    var tools: [(inout Result) throws -> Void] = [
      { result in
        let run = try self.measure(self.quakectl, ["list", "--socket", self.runtimeDirectory, "--limit", "20", "--format", "json"])
        result.ours.append(run.wallTime.milliseconds)
        result.oursMemory.append(run.peakResidentMiB)
      }
    ]
    if let tool = self.sqliteUtils {
      tools.append { result in
        let run = try self.measure(tool, ["query", self.database, Self.sql])
        result.sqliteUtils.append(run.wallTime.milliseconds)
        result.sqliteUtilsMemory.append(run.peakResidentMiB)
      }
    }
    if let tool = self.sqlite3 {
      tools.append { result in
        let run = try self.measure(tool, ["-readonly", "-json", self.database, Self.sql])
        result.sqlite3.append(run.wallTime.milliseconds)
        result.sqlite3Memory.append(run.peakResidentMiB)
      }
    }
    for round in 0..<self.rounds {
      for index in tools.indices {
        try tools[(index + round) % tools.count](&result)
      }
    }
    return result
  }

  private func measure(_ tool: String, _ arguments: [String]) throws -> MeasuredRun {
    let run = try MeasuredRun.run(tool, arguments)
    guard run.status == 0 else {
      throw MeasuredRun.Failure(description: "\(tool) \(arguments.joined(separator: " ")) exited \(run.status)")
    }
    return run
  }
}
