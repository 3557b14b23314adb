public import QuakesModel

/// The quakes of one query, in its order, read a page at a time as they
/// are asked for: what a long answer (an FDSN `query` of 100,000 events)
/// writes out without holding it whole.
///
/// Every page comes from one unchanging snapshot of the cache, taken when
/// the cursor was opened, so a write in the middle of the answer neither
/// repeats a quake nor leaves one out. A cursor holds a connection of its
/// own (with a page cache of its own) until it is gone, so open few at once.
public protocol QuakesCursor: Sendable {
  /// The next page: at most the page size the cursor was opened with, and
  /// never empty; `nil` after the last.
  ///
  /// - Throws: the store's error when the database cannot be read, or
  ///   `CancellationError` when the calling task is cancelled meanwhile.
  func next() async throws -> [Quake]?
}
