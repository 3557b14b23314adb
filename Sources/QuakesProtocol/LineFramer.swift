/// Splits a byte stream into lines of at most ``WireProtocol/maxLineLength``
/// bytes, without ever holding more than that plus one read, and without
/// keeping more than ``retainedCapacity`` once a line is done (one long line
/// would otherwise pin its megabyte for the rest of the connection).
///
/// An over-long line is reported once as ``Frame/tooLong`` and its bytes are
/// discarded up to the next newline, so the connection stays usable. A
/// trailing `\r` is dropped (clients that send CRLF work).
public struct LineFramer: Sendable {
  /// What the framer found in the stream.
  public enum Frame: Hashable, Sendable {
    /// A complete line, without its newline.
    case line([UInt8])
    /// A line longer than the limit, discarded.
    case tooLong
  }

  private let maxLength: Int
  private var pending: [UInt8] = []
  private var discarding = false

  /// Creates a framer for lines up to `maxLength` bytes.
  public init(maxLength: Int = WireProtocol.maxLineLength) {
    self.maxLength = maxLength
  }

  /// Feeds `bytes`; returns the frames they complete, in order.
  public mutating func append(_ bytes: some Collection<UInt8>) -> [Frame] {
    var frames: [Frame] = []
    var rest = bytes[...]
    while let newline = rest.firstIndex(of: 0x0A) {
      let chunk = rest[..<newline]
      rest = rest[rest.index(after: newline)...]
      if self.discarding {
        self.discarding = false
        self.clearPending()
        continue
      }
      if self.pending.count + chunk.count > self.maxLength + 1 {
        self.clearPending()
        frames.append(.tooLong)
        continue
      }
      self.pending.append(contentsOf: chunk)
      if self.pending.last == 0x0D { self.pending.removeLast() }
      if self.pending.count > self.maxLength {
        frames.append(.tooLong)
      } else if !self.pending.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
        frames.append(.line(self.pending))
      }
      self.clearPending()
    }
    if !self.discarding {
      if self.pending.count + rest.count > self.maxLength + 1 {
        self.clearPending()
        self.discarding = true
        frames.append(.tooLong)
      } else {
        self.pending.append(contentsOf: rest)
      }
    }
    return frames
  }

  /// Bytes of an unfinished line held so far.
  public var bufferedCount: Int { self.pending.count }

  /// The bytes the framer holds on to between lines, at most
  /// ``retainedCapacity`` once a line is done.
  package var bufferCapacity: Int { self.pending.capacity }

  /// The buffer kept between lines: enough for any ordinary request, so
  /// that it is not reallocated for each.
  package static let retainedCapacity = 64 << 10

  /// Empties the buffer, giving back its memory when a long line grew it.
  private mutating func clearPending() {
    if self.pending.capacity > Self.retainedCapacity {
      self.pending = []
    } else {
      self.pending.removeAll(keepingCapacity: true)
    }
  }
}
