public import QuakesModel

/// A page of a list query for a caller that keeps something of some
/// quakes already (the FDSN service keeps the text of events it wrote):
/// each of those is named by its id alone, the others are read whole.
public struct QuakesSparsePage: Hashable, Sendable {
  /// A quake of the page.
  public enum Entry: Hashable, Sendable {
    /// A quake the caller said it keeps: its id alone.
    case kept(Quake.ID)
    /// A quake read whole.
    case read(Quake)

    /// The quake's id.
    public var id: Quake.ID {
      switch self {
      case .kept(let id): id
      case .read(let quake): quake.id
      }
    }
  }

  /// The quakes of the page, in the query's order.
  public var entries: [Entry]
  /// Whether quakes match after this page (past its offset and its quakes).
  public var hasMore: Bool

  /// Creates a page.
  public init(entries: [Entry], hasMore: Bool) {
    self.entries = entries
    self.hasMore = hasMore
  }

  /// `page` with the quakes `isKept` keeps named by id alone.
  public init(_ page: QuakesPage, keeping isKept: (Quake.ID) -> Bool) {
    self.init(entries: page.quakes.map { isKept($0.id) ? .kept($0.id) : .read($0) }, hasMore: page.hasMore)
  }
}
