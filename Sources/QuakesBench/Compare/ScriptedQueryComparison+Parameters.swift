extension ScriptedQueryComparison.Parameters {
  /// The report's name of this way of asking, saying which answers come from a cache.
  var title: String {
    switch self {
    case .repeated: "same params every run (quakesd: from its ListCache)"
    case .distinct: "distinct params every run (uncached)"
    case .version: "no question: `--version`, the process alone"
    }
  }
}
