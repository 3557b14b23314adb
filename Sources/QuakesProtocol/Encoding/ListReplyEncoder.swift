public import QuakesModel

/// Writes the reply to `quakes.list` from its quakes as they come, in
/// order, a batch at a time: what ``ListReplyPieces`` writes from a page
/// held whole, and a server writes from a cursor without holding the list.
///
/// The reply's shape is ``ListReplyPieces``'s: with `"more":true`, lines of
/// at most ``ListReplyPieces/quakesPerLine`` quakes, each a whole
/// `ListResult`, all but the last marked `"continues":true`; otherwise one
/// line, cut into pieces of about ``ListReplyPieces/pieceBytes``.
public struct ListReplyEncoder: Sendable {
  private let head: [UInt8]
  private let hasMore: Bool
  private let matched: Int?
  private let origin: GeoPoint?
  private let streamsLines: Bool
  private var buffer = JSONBuffer(capacity: ListReplyPieces.pieceBytes + 4096)
  private var isLineOpen = false
  private var quakesInLine = 0
  private var hasClosedLine = false
  private var lastLineContinues = false
  private var isDone = false

  /// The encoder of the reply to request `id` whose every line says
  /// `hasMore` and `matched`, with distances and bearings from `origin`,
  /// in several lines when `more` asks for them.
  public init(id: JSONScalar?, hasMore: Bool, matched: Int?, origin: GeoPoint?, more: Bool) throws {
    self.head = try Reply.head(id: id, key: "result")
    self.hasMore = hasMore
    self.matched = matched
    self.origin = origin
    self.streamsLines = more
  }

  /// The pieces that carry `quakes`, the next of the reply's quakes, and,
  /// with `isLast`, the end of the reply; each piece is written as it is
  /// made, so `write` holds one at a time. After the last, nothing more.
  public mutating func pieces(of quakes: some Collection<Quake>, isLast: Bool, write: ([UInt8]) throws -> Void)
    rethrows
  {
    guard !self.isDone else { return }
    var remaining = quakes.count
    for quake in quakes {
      remaining -= 1
      if !self.isLineOpen { self.openLine() }
      if self.quakesInLine > 0 { self.buffer.append(raw: ",") }
      ListedQuake(quake, from: self.origin).writeJSON(to: &self.buffer)
      self.quakesInLine += 1
      if self.streamsLines, self.quakesInLine == ListReplyPieces.quakesPerLine {
        self.closeLine(continues: !(isLast && remaining == 0))
        try write(self.take())
      } else if !self.streamsLines, self.buffer.count >= ListReplyPieces.pieceBytes {
        try write(self.take())
      }
    }
    guard isLast else { return }
    if self.isLineOpen {
      self.closeLine(continues: false)
    } else if !self.hasClosedLine || self.lastLineContinues {
      // No quake at all, or the last line promised another.
      self.openLine()
      self.closeLine(continues: false)
    }
    if self.buffer.count > 0 { try write(self.take()) }
    self.isDone = true
  }

  private mutating func openLine() {
    self.buffer.append(json: self.head)
    self.buffer.append(raw: self.hasMore ? "{\"hasMore\":true," : "{\"hasMore\":false,")
    if let matched = self.matched {
      self.buffer.append(raw: "\"matched\":")
      self.buffer.append(matched)
      self.buffer.append(raw: ",")
    }
    self.buffer.append(raw: "\"quakes\":[")
    self.isLineOpen = true
    self.quakesInLine = 0
  }

  private mutating func closeLine(continues: Bool) {
    self.buffer.append(raw: "]}")
    self.buffer.append(json: Reply.tail(continues: continues))
    self.isLineOpen = false
    self.hasClosedLine = true
    self.lastLineContinues = continues
  }

  private mutating func take() -> [UInt8] {
    let bytes = self.buffer.bytes
    self.buffer.removeAll()
    return bytes
  }
}
