public import ArgumentParser
public import QuakesModel

/// `--reverse` and `--forward`, the short forms of `list --order`: the words
/// mean what they mean on the wire (docs/protocol.md), so `--reverse` and
/// `--order reverse` ask for the same list.
extension QuakesQuery.Order: EnumerableFlag {
  /// Each flag's line in `quakectl list --help`.
  public static func help(for value: Self) -> ArgumentHelp? {
    switch value {
    case .reverse: "Newest or largest first: --order reverse, the default."
    case .forward: "Oldest or smallest first: --order forward."
    }
  }
}
