public import QuakesModel

/// The result of `quakes.list`: one page of quakes and how many matched in all.
public struct ListResult: Hashable, Sendable, Codable {
  /// How many quakes matched, before limit and offset.
  public var matched: Int
  /// The page, in the requested order.
  public var quakes: [Quake]

  /// Creates a result from a page of the list selector.
  public init(_ page: QuakesPage) {
    self.matched = page.matched
    self.quakes = page.quakes
  }
}
