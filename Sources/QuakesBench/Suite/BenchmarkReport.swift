import Foundation

/// docs/benchmarks.md as the run assembles it: the machine, a summary table
/// (one row per comparison: ours, the peer, the ratio, the target and
/// whether this run met it), then a section per comparison with its
/// commands and raw figures.
struct BenchmarkReport {
  /// One line of the summary table.
  struct SummaryRow {
    let comparison: String
    let ours: String
    let peer: String
    /// How ours compares, e.g. `12.3× faster`.
    let ratio: String
    let target: String
    /// Whether the target was met; `nil` when there is none or it could not be judged.
    let met: Bool?
  }

  let scale: BenchmarkScale
  let machine: [String]
  private(set) var summary: [SummaryRow] = []
  private(set) var sections: [String] = []
  private(set) var notes: [String] = []

  init(scale: BenchmarkScale, machine: [String]) {
    self.scale = scale
    self.machine = machine
  }

  /// Adds a row. A debug build's figures judge nothing: its targets read "—".
  mutating func add(_ row: SummaryRow) {
    #if DEBUG
      self.summary.append(
        SummaryRow(
          comparison: row.comparison, ours: row.ours, peer: row.peer, ratio: row.ratio, target: row.target, met: nil))
    #else
      self.summary.append(row)
    #endif
  }

  /// A section: a `##` heading and its Markdown body.
  mutating func addSection(_ title: String, _ body: String) {
    self.sections.append("## \(title)\n\n\(body.trimmingCharacters(in: .whitespacesAndNewlines))\n")
    print("\n## \(title)\n\n\(body)")
  }

  /// A line for the report's "Not measured" list (a peer missing, a step that failed).
  mutating func note(_ text: String) {
    self.notes.append(text)
    print("note: \(text)")
  }

  var summaryTable: String {
    var lines = ["| comparison | ours | peer | ours vs peer | target | met |", "|---|---|---|---|---|---|"]
    for row in self.summary {
      let met = row.met.map { $0 ? "yes" : "**no**" } ?? "—"
      lines.append("| \(row.comparison) | \(row.ours) | \(row.peer) | \(row.ratio) | \(row.target) | \(met) |")
    }
    return lines.joined(separator: "\n")
  }

  func markdown(command: String, duration: Duration) -> String {
    let minutes = Double(duration.components.seconds) / 60
    var text = """
      # Benchmarks

      quakesd and quakectl against the tools a user would pick instead: \
      `geojson-to-sqlite` and `sqlite-utils` for ingest and scripted queries, \
      `datasette` for serving queries, Python's `json` and `orjson` for decoding. \
      Written by `\(command)` (the \(self.scale.name) run, \(String(format: "%.1f", minutes)) minutes); \
      do not edit by hand, run it again. Figures are medians with the \
      spread (minimum–maximum) in brackets; A and B alternate within each round. \
      How the harness works, and how to read the figures, is in \
      [benchmarking.md](benchmarking.md).

      ## Machine

      \(self.machine.map { "- \($0)" }.joined(separator: "\n"))

      ## Summary

      \(self.summaryTable)


      """
    if !self.notes.isEmpty {
      text += "## Not measured in this run\n\n" + self.notes.map { "- \($0)" }.joined(separator: "\n") + "\n\n"
    }
    text += self.sections.joined(separator: "\n")
    return text
  }
}
