import Foundation

/// One query a script runs, whole process: the newest 20 quakes as JSON.
/// `quakectl list --limit 20 --format json` asks the running daemon;
/// `sqlite-utils query` and `sqlite3 -json` run the same SQL on the
/// daemon's database file (which has an index on `time`).
///
/// Each tool asks in two ways (``Parameters``): the same question every
/// run, which quakesd answers from its ListCache after the first, and a
/// question with parameters of its own every run (``DistinctUntil``), which
/// nothing can answer from a cache. Every tool runs its repeated question
/// once untimed first, so the timed runs of both sides start warm (the
/// daemon's ListCache, the kernel's page cache of the file); then each round
/// runs every tool in each way once, in an order that rotates from round to
/// round. The daemon's memory is read after the runs: it does quakectl's
/// work, so quakectl's peak alone would understate ours.
struct ScriptedQueryComparison {
  /// The tools compared, in the report's order.
  enum Tool: CaseIterable {
    case quakectl, sqliteUtils, sqlite3
  }

  /// How a tool's runs ask.
  enum Parameters: CaseIterable {
    /// The same question every run: quakesd answers from its ListCache.
    case repeated
    /// Run `i` adds `until` = ``DistinctUntil/date(_:)`` `i`: the same
    /// answer, but parameters no earlier run had.
    case distinct
    /// No question: `--version`, what starting and ending the process
    /// costs, with neither a daemon nor a file to read.
    case version
  }

  let quakectl: String
  /// The daemon's runtime directory (`quakectl --socket`).
  let runtimeDirectory: String
  /// The daemon answering quakectl, whose memory the report shows beside quakectl's.
  let daemon: pid_t
  let database: String
  let sqliteUtils: String?
  let sqlite3: String?
  let rounds: Int

  /// Wall time (ms) and peak memory (MiB) of one tool asking one way.
  struct Runs {
    var wallTime = Samples(), peakMemory = Samples()
  }

  /// Every tool's runs, each way, and the daemon's memory after them.
  struct Result {
    var runs: [Tool: [Parameters: Runs]] = [:]
    var daemonMemory: ProcessMemory?

    /// The runs of `tool` asking the `parameters` way (none when the tool is missing).
    func callAsFunction(_ tool: Tool, _ parameters: Parameters) -> Runs {
      self.runs[tool]?[parameters] ?? Runs()
    }
  }

  /// The SQL the two SQLite tools run: the newest 20, before `until` (epoch
  /// milliseconds, or a placeholder in the report) when given.
  static func sql(until: String? = nil) -> String {
    "SELECT * FROM quakes\(until.map { " WHERE time < \($0)" } ?? "") ORDER BY time DESC LIMIT 20"
  }

  /// The executable of `tool`, or `nil` when it is not installed.
  func executable(_ tool: Tool) -> String? {
    switch tool {
    case .quakectl: self.quakectl
    case .sqliteUtils: self.sqliteUtils
    case .sqlite3: self.sqlite3
    }
  }

  /// The arguments of `tool`'s run number `index`, asking the `parameters` way.
  func arguments(_ tool: Tool, _ parameters: Parameters, run index: Int) -> [String] {
    let distinct = parameters == .distinct
    let sql = Self.sql(until: distinct ? String(DistinctUntil.milliseconds(index)) : nil)
    if parameters == .version { return ["--version"] }
    switch tool {
    case .quakectl:
      return ["list", "--socket", self.runtimeDirectory, "--limit", "20", "--format", "json"]
        + (distinct ? ["--until", DistinctUntil.iso8601(index)] : [])
    case .sqliteUtils:
      return ["query", self.database, sql]
    case .sqlite3:
      return ["-readonly", "-json", self.database, sql]
    }
  }

  /// The commands, as the report shows them.
  static func command(_ tool: Tool, _ parameters: Parameters) -> String {
    let distinct = parameters == .distinct
    let sql = self.sql(until: distinct ? "T" : nil)
    switch (tool, parameters) {
    case (.quakectl, .version): return "quakectl --version"
    case (.sqliteUtils, .version): return "sqlite-utils --version"
    case (.sqlite3, .version): return "sqlite3 --version"
    case (.quakectl, _): return "quakectl list --limit 20 --format json" + (distinct ? " --until T" : "")
    case (.sqliteUtils, _): return "sqlite-utils query quakes.sqlite \"\(sql)\""
    case (.sqlite3, _): return "sqlite3 -readonly -json quakes.sqlite \"\(sql)\""
    }
  }

  func run() async throws -> Result {
    var result = Result()
    let tools = Tool.allCases.filter { self.executable($0) != nil }
    for tool in tools {
      _ = try await self.measure(tool, .repeated, run: 0)
    }
    let steps = tools.flatMap { tool in Parameters.allCases.map { (tool, $0) } }
    for round in 0..<self.rounds {
      for index in steps.indices {
        let (tool, parameters) = steps[(index + round) % steps.count]
        let run = try await self.measure(tool, parameters, run: round)
        result.runs[tool, default: [:]][parameters, default: Runs()].wallTime.append(run.wallTime.milliseconds)
        result.runs[tool, default: [:]][parameters, default: Runs()].peakMemory.append(run.peakResidentMiB)
      }
    }
    result.daemonMemory = try ProcessMemory(of: self.daemon)
    return result
  }

  private func measure(_ tool: Tool, _ parameters: Parameters, run index: Int) async throws -> MeasuredRun {
    guard let executable = self.executable(tool) else {
      throw MeasuredRun.Failure(description: "\(tool) is not installed")
    }
    let arguments = self.arguments(tool, parameters, run: index)
    let run = try await MeasuredRun.run(executable, arguments)
    guard run.status == 0 else {
      throw MeasuredRun.Failure(description: "\(executable) \(arguments.joined(separator: " ")) exited \(run.status)")
    }
    return run
  }
}
