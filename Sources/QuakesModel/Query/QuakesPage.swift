/// A page of a list query: the quakes in it, whether more match after it,
/// and how many matched in all when that was counted.
public struct QuakesPage: Hashable, Sendable {
  /// How many quakes matched the filter, before limit and offset; `nil`
  /// when the answer did not count them (counting can cost a walk over
  /// every match, where the page costs only its own quakes).
  public var matched: Int?
  /// The quakes of the page, in the query's order.
  public var quakes: [Quake]
  /// Where distances and bearings are measured from: the query's `near`
  /// centre, if it had one.
  public var origin: GeoPoint?
  /// Whether quakes match after this page (past its offset and its quakes).
  public var hasMore: Bool

  /// Creates a page.
  public init(matched: Int?, quakes: [Quake], origin: GeoPoint? = nil, hasMore: Bool) {
    self.matched = matched
    self.quakes = quakes
    self.origin = origin
    self.hasMore = hasMore
  }

  /// Creates a page that starts `offset` matches in, of `matched` in all.
  public init(matched: Int, quakes: [Quake], origin: GeoPoint? = nil, offset: Int) {
    self.init(
      matched: matched, quakes: quakes, origin: origin, hasMore: matched - quakes.count > Swift.max(offset, 0))
  }
}
