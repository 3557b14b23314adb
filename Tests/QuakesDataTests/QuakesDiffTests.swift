import Foundation
import QuakesData
import QuakesModel
import Testing

@Suite("QuakesDiff: what a remote batch changed, from the old and new state")
struct QuakesDiffTests {
  private func diff(old: [Quake], batch: [Quake]) throws -> QuakesDiff {
    let state = QuakesState.loaded(old, feeds: [.allDay: FeedState(status: .waiting)])
    let next = try QuakesReducer.reduce(state: state, action: .remote(.success(batch: FeedBatch(quakes: batch))))
    return QuakesDiff(oldState: state, newState: next, batch: FeedBatch(quakes: batch), feed: .allDay)
  }

  @Test("a quake not cached before is inserted")
  func insert() throws {
    let diff = try self.diff(old: [], batch: [.fixture("new")])
    #expect(diff == QuakesDiff(inserted: [.fixture("new")]))
  }

  @Test("a cached quake with any field changed is updated, even when `updated` did not change")
  func update() throws {
    let old = Quake.fixture("a", place: "6 km W of Asprángeloi, Greece")
    let new = Quake.fixture("a", place: "Greece-Albania border region")
    #expect(old.updated == new.updated)
    let diff = try self.diff(old: [old], batch: [new])
    #expect(diff == QuakesDiff(updated: [new]))
  }

  @Test("a cached quake whose magnitude drops to zero or unknown is deleted, as it was")
  func magnitudeDropDeletes() throws {
    let zeroed = Quake.fixture("zeroed", magnitude: 1.2)
    let nulled = Quake.fixture("nulled", magnitude: 0.4)
    let diff = try self.diff(
      old: [zeroed, nulled], batch: [.fixture("zeroed", magnitude: 0), .fixture("nulled", magnitude: nil)])
    #expect(diff == QuakesDiff(deleted: [zeroed, nulled]))
  }

  @Test("unchanged quakes produce nothing, and a zero-magnitude quake never cached produces nothing")
  func unchangedIsEmpty() throws {
    let diff = try self.diff(
      old: [.fixture("a"), .fixture("b")], batch: [.fixture("a"), .fixture("b"), .fixture("c", magnitude: 0)])
    #expect(diff.isEmpty)
    #expect(diff.counts == QuakesDiff.Counts())
  }

  @Test("an id listed twice in a batch counts once")
  func duplicateIdsCountOnce() throws {
    let diff = try self.diff(old: [], batch: [.fixture("a", magnitude: 1), .fixture("a", magnitude: 2)])
    #expect(diff.inserted.map(\.id) == ["a"])
    #expect(diff.inserted.first?.magnitude == 2, "the diff carries the state's value: the last one listed")
  }

  @Test("a mixed batch: counts of each kind")
  func mixedCounts() throws {
    let diff = try self.diff(
      old: [.fixture("same"), .fixture("moved"), .fixture("gone")],
      batch: [
        .fixture("same"), .fixture("moved", magnitude: 4), .fixture("gone", magnitude: -1), .fixture("new1"),
        .fixture("new2"),
      ])
    #expect(diff.counts == QuakesDiff.Counts(inserted: 2, updated: 1, deleted: 1))
  }
}
