import ArgumentParser
import QuakesModel

/// How a list is sorted: `--sort` and `--order` (or `--reverse`, `--forward`).
struct OrderOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "time, magnitude, significance, depth or distance (with --near; default time).", valueName: "key"))
  var sort: QuakesQuery.SortKey?

  @Option(
    help: ArgumentHelp(
      "reverse (newest or largest first, the default) or forward (oldest or smallest first).", valueName: "order"))
  var order: QuakesQuery.Order?

  /// `--reverse` or `--forward`: the short forms of `--order`, with the
  /// protocol's meaning (reverse is newest or largest first).
  @Flag var shortOrder: QuakesQuery.Order?

  func validate() throws {
    if self.shortOrder != nil, self.order != nil {
      throw ValidationError("give one of --order, --reverse and --forward, not several")
    }
  }

  /// Checks that the sort can be made with `filter`.
  func validate(with filter: FilterOptions) throws {
    if self.sort == .distance, filter.near == nil {
      throw ValidationError("--sort distance needs --near, the point to measure from")
    }
  }

  /// The order asked for, in whichever form.
  var effectiveOrder: QuakesQuery.Order? { self.shortOrder ?? self.order }
}
