/// A cursor over a response body: the byte-level JSON scanner behind
/// ``GeoJSONFeedDecoder``.
///
/// The scanner reads through a pointer, and every read is at an offset
/// checked against `count` first (by the reader, or by the call that handed
/// it the byte), so it never reads outside the body whatever the body holds;
/// offsets stay within `0...count`, so arithmetic on them cannot overflow. It never builds a
/// JSON tree: the feed-shaped readers (`FeedScanner+Feed.swift`) pick the
/// members they need and `skipValue()` checks and steps over the rest.
///
/// The extensions split it by concern: structure (objects and arrays),
/// strings, numbers, skipping, the feed's shape, what a non-feed body is, and
/// error messages.
struct FeedScanner {
  /// How deep containers may nest before the body is refused (as Foundation's
  /// JSON parser does); it bounds the scanner's recursion.
  static let maximumDepth = 512

  /// The body's first byte.
  let base: UnsafePointer<UInt8>
  /// The body's length in bytes.
  let count: Int
  /// The offset of the next byte to read, in `0...count`.
  var index = 0
  /// How many containers are open around ``index``.
  var depth = 0
  /// The 1-based position of the feature being read, or 0 outside the
  /// `features` array: error messages name it.
  var feature = 0
  /// The `sources` and `types` texts read so far, shared by the quakes.
  var interner = TextInterner()

  /// A scanner at the first byte of the `count` bytes at `base`.
  init(base: UnsafePointer<UInt8>, count: Int) {
    self.base = base
    self.count = count
  }

  /// Steps over JSON whitespace (space, tab, LF, CR).
  @inline(__always)
  mutating func skipWhitespace() {
    while self.index < self.count {
      let byte = self.base[self.index]
      guard byte <= 0x20, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
      self.index &+= 1
    }
  }

  /// Skips whitespace and returns the next byte without consuming it.
  ///
  /// - Throws: the truncation error when the body ends first, inside `context`.
  @inline(__always)
  mutating func nextByte(inside context: ScanContext) throws(FeedDecodingError) -> UInt8 {
    self.skipWhitespace()
    guard self.index < self.count else { throw self.truncated(inside: context) }
    return self.base[self.index]
  }

  /// Whether `byte` can start a JSON number.
  @inline(__always)
  static func startsNumber(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "-") || byte &- UInt8(ascii: "0") < 10
  }
}
