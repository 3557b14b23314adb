import GRDB
import Synchronization

/// Read-only connections of their own for the reads the store does on the
/// calling thread (a quake by its id, the newest few by time).
///
/// Such a read blocks its thread, one of Swift's cooperative pool. It must
/// never wait for a connection of the shared pool: an `async` read gives
/// its connection back only once that cooperative pool runs it again, and
/// with every cooperative thread blocked waiting, nothing would run again.
/// So a read here takes a free connection or none: with none free, the
/// caller reads through the pool, as any other question does.
final class ThisThreadReaders: Sendable {
  /// How many: as many reads at once as there are threads to block is
  /// more than a small machine has; a larger one falls back more often.
  static let count = 2

  private let connections: [DatabaseQueue]
  /// The indices of the connections no read holds.
  private let free: Mutex<[Int]>

  /// Opens ``count`` read-only connections to the database at `path`.
  init(path: String, configuration: Configuration) throws {
    var configuration = configuration
    configuration.readonly = true
    self.connections = try (0..<Self.count).map { _ in try DatabaseQueue(path: path, configuration: configuration) }
    self.free = Mutex(Array(self.connections.indices))
  }

  /// What `read` gives, in a read transaction of a free connection; `nil`
  /// when every connection is taken (nothing waits for one).
  func read<T>(_ read: (Database) throws -> T) throws -> T? {
    guard let index = self.free.withLock({ $0.popLast() }) else { return nil }
    defer { self.free.withLock { $0.append(index) } }
    return try self.connections[index].read(read)
  }

  /// Closes the connections; no read may come after.
  func close() throws {
    for connection in self.connections { try connection.close() }
  }
}
