import Foundation
import QuakesModel
import Testing

@testable import QuakesData

/// A follower of a shared store (docs/ha.md): its state takes in the
/// leader's changes only from the change it reflects, so that a reload
/// read before later changes cannot undo them, nor changes read against
/// another reload be applied twice; the live window and its count are the
/// store's.
@Suite("Following a shared store: the state takes in changes from the change it reflects")
struct FollowingTests {
  private let now = Date(timeIntervalSince1970: 1_700_000_000)

  private func quake(_ id: String, hoursOld: Double) -> Quake {
    .fixture(id, time: self.now.addingTimeInterval(-hoursOld * 3_600))
  }

  private func reduce(_ state: QuakesState, _ action: QuakesAction.Data.PersistentSession.LocalStore) throws
    -> QuakesState
  {
    try QuakesReducer.reduce(state: state, action: .data(.persistentSession(.localStore(action))))
  }

  /// A follower's state loaded from a store at change 5.
  private func loaded() throws -> QuakesState {
    var cache = PersistedCache(
      quakes: [self.quake("a", hoursOld: 1), self.quake("b", hoursOld: 2)],
      liveSince: self.now.addingTimeInterval(-86_400), historyCount: 7)
    cache.storeChange = 5
    return try self.reduce(QuakesState(), .didFetchQuakes(result: .success(cache: cache)))
  }

  @Test("changes after the reflected one are taken in: written, deleted, the window moved, the count the store's")
  func changesTakenIn() throws {
    let state = try self.loaded()
    #expect(state.quakes.storeChange == 5)
    let since = self.now.addingTimeInterval(-90 * 60)
    let changes = FollowedChanges(
      after: 5, sequence: 8,
      diff: QuakesDiff(
        inserted: [self.quake("c", hoursOld: 0.5)], updated: [self.quake("old", hoursOld: 30)],
        deleted: [self.quake("a", hoursOld: 1)]),
      liveSince: since, historyCount: 9)
    let followed = try self.reduce(state, .didFollowChanges(changes: changes))
    #expect(followed.quakes.storeChange == 8)
    #expect(Set(followed.quakes.data.values.map(\.id)) == ["c"], "b left the window, a was deleted, old is before it")
    #expect(followed.quakes.liveSince == since)
    #expect(followed.quakes.historyCount == 9)
    #expect(followed.quakes.revision > state.quakes.revision, "list caches see the change")
  }

  @Test("changes read after another change than the state reflects are left for the next read")
  func changesFromElsewhereIgnored() throws {
    let state = try self.loaded()
    let changes = FollowedChanges(
      after: 3, sequence: 6,
      diff: QuakesDiff(inserted: [self.quake("c", hoursOld: 0.5)], deleted: [self.quake("a", hoursOld: 1)]),
      liveSince: nil, historyCount: 0)
    #expect(try self.reduce(state, .didFollowChanges(changes: changes)) == state)
  }

  @Test("a reload read before changes the state took in does not undo them; a newer one replaces the state")
  func staleReloadIgnored() throws {
    let state = try self.reduce(
      try self.loaded(),
      .didFollowChanges(
        changes: FollowedChanges(
          after: 5, sequence: 9, diff: QuakesDiff(inserted: [self.quake("c", hoursOld: 0.5)]), liveSince: nil,
          historyCount: 7)))
    var stale = PersistedCache(quakes: [self.quake("a", hoursOld: 1)], historyCount: 7)
    stale.storeChange = 6
    let afterStale = try self.reduce(state, .didReloadQuakes(result: .success(cache: stale)))
    #expect(afterStale.quakes.data == state.quakes.data)
    #expect(afterStale.quakes.storeChange == 9)
    var newer = PersistedCache(quakes: [self.quake("z", hoursOld: 1)], historyCount: 3)
    newer.storeChange = 12
    let afterNewer = try self.reduce(state, .didReloadQuakes(result: .success(cache: newer)))
    #expect(afterNewer.quakes.data.values.map(\.id) == ["z"])
    #expect(afterNewer.quakes.storeChange == 12)
  }

  @Test("the role says whether the state writes: a store of its own is written, a follower's is not")
  func writesFlag() throws {
    var state = QuakesState()
    #expect(state.writes, "a store of its own is written")
    state = try QuakesReducer.reduce(state: state, action: .daemon(.didChangeRole(writes: false)))
    #expect(!state.writes)
    state = try QuakesReducer.reduce(state: state, action: .daemon(.didChangeRole(writes: true)))
    #expect(state.writes)
  }
}
