import Foundation
import QuakesData
import Testing

@Suite("QuakesFilter: exactly the actions that can change the quakes")
struct QuakesFilterTests {
  private static let cache = PersistedCache(quakes: [.fixture("a")])
  private static let batch = FeedBatch(quakes: [.fixture("a")])

  /// Every action shape, with whether it can change the cached quakes.
  private static let truthTable: [(QuakesAction, Bool)] = [
    (.daemon(.didStart), false),
    (.client(.refresh(feed: .allDay)), false),
    (.scheduler(.pollDue(feed: .allDay)), false),
    (.client(.delete(quake: .fixture("a"))), true),
    (.client(.purge), true),
    (.local(.didFetchQuakes(result: .success(cache: cache))), true),
    (.local(.didFetchQuakes(result: .failure(error: "e"))), false),
    (.local(.didReloadQuakes(result: .success(cache: cache))), true),
    (.local(.didReloadQuakes(result: .failure(error: "e"))), false),
    (.local(.didWriteRemoteQuakes(feed: .allDay, diff: QuakesDiff(inserted: [.fixture("a")]))), false),
    (.local(.didFailMutation(mutation: .deleteQuakes, date: Date(timeIntervalSince1970: 0), error: "e")), false),
    (.remote(.success(batch: batch)), true),
    (.remote(.notModified), false),
    (.remote(.failure(error: "e")), false),
  ]

  @Test("the truth table over every action")
  func truthTable() {
    let filter = QuakesFilter.filterQuakes()
    for (action, expected) in Self.truthTable {
      #expect(filter(QuakesState(), action) == expected, "\(action)")
    }
  }

  @Test("an action the filter rejects never changes the quakes")
  func rejectedActionsKeepQuakes() throws {
    let filter = QuakesFilter.filterQuakes()
    let state = QuakesState.loaded([.fixture("a"), .fixture("b")])
    for (action, _) in Self.truthTable where !filter(state, action) {
      let next = try QuakesReducer.reduce(state: state, action: action)
      #expect(next.quakes.data == state.quakes.data, "\(action)")
    }
  }
}
