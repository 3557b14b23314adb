/// How quakectl prints results: `table` for people (the default on a
/// terminal), `json` otherwise; `ndjson`, `csv` and `geojson` for scripts and
/// map tools. docs/cli.md documents each shape.
public enum OutputFormat: String, CaseIterable, Sendable {
  case table, json, ndjson, csv, geojson

  /// `table` on a terminal, `json` in a pipe or a file.
  public static func standard(isTerminal: Bool) -> OutputFormat {
    isTerminal ? .table : .json
  }
}
