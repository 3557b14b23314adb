import Foundation
import Synchronization

/// Splits the bytes a child prints into lines (at `\n` only), safely from
/// any task.
final class LineCollector: Sendable {
  private let state = Mutex<(pending: [UInt8], lines: [String])>(([], []))

  /// Every complete line so far.
  var lines: [String] { self.state.withLock { $0.lines } }

  /// Adds `bytes` to what was printed.
  func append(_ bytes: UnsafeRawBufferPointer) {
    self.state.withLock { state in
      state.pending.append(contentsOf: bytes)
      var start = 0
      while let newline = state.pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
        state.lines.append(String(decoding: state.pending[start..<newline], as: UTF8.self))
        start = newline + 1
      }
      state.pending.removeFirst(start)
    }
  }
}
