public import QuakesModel

/// The reply to `quakes.list` for a page held whole, in pieces of bounded
/// size, written as they are asked for, so a server sends a list of any
/// length without holding its encoding.
///
/// A page of at most ``quakesPerLine`` quakes is one line, as
/// ``Reply/line(id:result:continues:)`` writes it. A longer page is:
/// - with `"more":true`, several lines of ``quakesPerLine`` quakes each,
///   every one a whole `ListResult` with the same `matched` and `hasMore`, all but the
///   last marked `"continues":true` (a client prints each as it comes);
/// - otherwise one line, cut into pieces of about ``pieceBytes``.
///
/// ``ListReplyEncoder`` writes the same reply from quakes that come a
/// batch at a time (a cursor's pages).
public struct ListReplyPieces: IteratorProtocol, Sendable {
  /// The most quakes one line of a streamed list holds.
  public static let quakesPerLine = 500
  /// About how many bytes a piece of a one-line reply holds (one quake more at most).
  public static let pieceBytes = 64 * 1024

  private let quakes: [Quake]
  private var encoder: ListReplyEncoder
  private var written = 0
  private var ready: [[UInt8]] = []

  /// The pieces of the reply to request `id` that sends `page`, in
  /// several lines when `more` asks for them.
  public init(id: JSONScalar?, page: QuakesPage, more: Bool) throws {
    self.quakes = page.quakes
    self.encoder = try ListReplyEncoder(
      id: id, hasMore: page.hasMore, matched: page.matched, origin: page.origin, more: more)
  }

  /// The next piece; `nil` once the reply is written whole.
  public mutating func next() -> [UInt8]? {
    while self.ready.isEmpty, self.written <= self.quakes.count {
      let end = min(self.written + Self.quakesPerLine, self.quakes.count)
      let isLast = end == self.quakes.count
      self.encoder.pieces(of: self.quakes[self.written..<end], isLast: isLast) { self.ready.append($0) }
      self.written = isLast ? self.quakes.count + 1 : end
    }
    return self.ready.isEmpty ? nil : self.ready.removeFirst()
  }
}
