import QuakesData
import QuakesModel
import Synchronization

/// A cursor over quakes already read: hands them out a page at a time.
final class CollectedQuakesCursor: QuakesCursor {
  private let remaining: Mutex<ArraySlice<Quake>>
  private let pageSize: Int

  init(quakes: [Quake], pageSize: Int) {
    self.remaining = Mutex(quakes[...])
    self.pageSize = max(pageSize, 1)
  }

  func next() async throws -> [Quake]? {
    try Task.checkCancellation()
    return self.remaining.withLock { remaining in
      guard !remaining.isEmpty else { return nil }
      let page = Array(remaining.prefix(self.pageSize))
      remaining = remaining.dropFirst(page.count)
      return page
    }
  }
}
