public import QuakesModel

/// The reply to `quakes.list` in pieces of bounded size, written as they
/// are asked for, so a server sends a list of any length without holding
/// its encoding.
///
/// A page of at most ``quakesPerLine`` quakes is one line, as
/// ``Reply/line(id:result:continues:)`` writes it. A longer page is:
/// - with `"more":true`, several lines of ``quakesPerLine`` quakes each,
///   every one a whole `ListResult` with the same `matched` and `hasMore`, all but the
///   last marked `"continues":true` (a client prints each as it comes);
/// - otherwise one line, cut into pieces of about ``pieceBytes``.
public struct ListReplyPieces: IteratorProtocol, Sendable {
  /// The most quakes one line of a streamed list holds.
  public static let quakesPerLine = 500
  /// About how many bytes a piece of a one-line reply holds (one quake more at most).
  public static let pieceBytes = 64 * 1024

  private let head: [UInt8]
  private let page: QuakesPage
  private let streamsLines: Bool
  private var written = 0
  private var isDone = false
  private var buffer = JSONBuffer(capacity: ListReplyPieces.pieceBytes + 4096)

  /// The pieces of the reply to request `id` that sends `page`, in
  /// several lines when `more` asks for them.
  public init(id: JSONScalar?, page: QuakesPage, more: Bool) throws {
    self.head = try Reply.head(id: id, key: "result")
    self.page = page
    self.streamsLines = more
  }

  /// The next piece; `nil` once the reply is written whole.
  public mutating func next() -> [UInt8]? {
    guard !self.isDone else { return nil }
    self.buffer.removeAll()
    if self.streamsLines {
      self.writeLine()
    } else {
      self.writePieceOfLine()
    }
    return self.buffer.bytes
  }

  /// One line of at most ``quakesPerLine`` quakes.
  private mutating func writeLine() {
    let end = min(self.written + Self.quakesPerLine, self.page.quakes.count)
    self.openLine()
    self.writeQuakes(until: end, byteLimit: .max)
    let continues = end < self.page.quakes.count
    self.closeLine(continues: continues)
    self.isDone = !continues
  }

  /// The next ``pieceBytes`` of the one line.
  private mutating func writePieceOfLine() {
    if self.written == 0 { self.openLine() }
    self.writeQuakes(until: self.page.quakes.count, byteLimit: Self.pieceBytes)
    if self.written == self.page.quakes.count {
      self.closeLine(continues: false)
      self.isDone = true
    }
  }

  private mutating func openLine() {
    self.buffer.append(json: self.head)
    self.buffer.append(raw: self.page.hasMore ? "{\"hasMore\":true," : "{\"hasMore\":false,")
    if let matched = self.page.matched {
      self.buffer.append(raw: "\"matched\":")
      self.buffer.append(matched)
      self.buffer.append(raw: ",")
    }
    self.buffer.append(raw: "\"quakes\":[")
  }

  private mutating func writeQuakes(until end: Int, byteLimit: Int) {
    let lineStart = self.written
    while self.written < end, self.buffer.count < byteLimit {
      if self.written > lineStart || !self.streamsLines && self.written > 0 { self.buffer.append(raw: ",") }
      ListedQuake(self.page.quakes[self.written], from: self.page.origin).writeJSON(to: &self.buffer)
      self.written += 1
    }
  }

  private mutating func closeLine(continues: Bool) {
    self.buffer.append(raw: "]}")
    self.buffer.append(json: Reply.tail(continues: continues))
  }
}
