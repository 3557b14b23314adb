/// A page of the list selector: the quakes in it, and how many matched in all.
public struct QuakesPage: Hashable, Sendable {
  /// How many quakes matched the filter, before limit and offset.
  public var matched: Int
  /// The quakes of the page, in the query's order.
  public var quakes: [Quake]
  /// Where distances and bearings are measured from: the query's `near`
  /// centre, if it had one.
  public var origin: GeoPoint?

  /// Creates a page.
  public init(matched: Int, quakes: [Quake], origin: GeoPoint? = nil) {
    self.matched = matched
    self.quakes = quakes
    self.origin = origin
  }
}
