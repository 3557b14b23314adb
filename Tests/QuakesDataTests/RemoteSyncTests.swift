import Foundation
import QuakesData
import QuakesModel
import Testing

/// Sync semantics beyond the seed: id changes and upstream deletions, in the
/// reducer and in the diff the listener writes.
@Suite("Remote sync: id changes and upstream deletions")
struct RemoteSyncTests {
  private static let generated = Date(timeIntervalSince1970: 1_700_000_000)

  private static func hoursBeforeGenerated(_ hours: Double) -> Date {
    generated.addingTimeInterval(-hours * 3600)
  }

  /// Applies `batch` of `feed` to a loaded state of `cached` quakes; returns the
  /// new state and the diff the listener would write.
  private func apply(
    _ batch: FeedBatch,
    of feed: QuakesFeed = .allDay,
    to cached: [Quake],
    options: SyncOptions = SyncOptions()
  ) throws -> (QuakesState, QuakesDiff) {
    var state = QuakesState.loaded(cached, feeds: [feed: FeedState(status: .waiting)])
    state.options = options
    let next = try QuakesReducer.reduce(state: state, action: .remote(.success(batch: batch), feed: feed))
    return (next, QuakesDiff(oldState: state, newState: next, batch: batch, feed: feed))
  }

  // MARK: id changes

  @Test("a fetched quake listing a cached id replaces that row: one delete plus one insert")
  func idChangeReplaces() throws {
    let old = Quake.fixture("ak0214s2e8my", time: Self.hoursBeforeGenerated(2))
    let new = Quake.fixture("us7000dxyz", time: Self.hoursBeforeGenerated(2))
    let batch = FeedBatch(
      quakes: [new], generated: Self.generated, otherIds: ["us7000dxyz": ["ak0214s2e8my", "at00abc"]])

    let (state, diff) = try self.apply(batch, to: [old])

    #expect(Array(state.quakes.data.keys) == ["us7000dxyz"])
    #expect(diff == QuakesDiff(inserted: [new], deleted: [old]))
  }

  @Test("other ids the cache does not hold change nothing")
  func otherIdsNotCached() throws {
    let quake = Quake.fixture("us7000dxyz")
    let (state, diff) = try self.apply(
      FeedBatch(quakes: [quake], otherIds: ["us7000dxyz": ["never-seen"]]), of: .init(.magnitude2_5, .day), to: [])
    #expect(Array(state.quakes.data.keys) == ["us7000dxyz"])
    #expect(diff == QuakesDiff(inserted: [quake]))
  }

  // MARK: upstream deletions

  @Test("an all_* feed deletes a cached quake inside its window that it no longer lists")
  func upstreamDeletion() throws {
    let listed = Quake.fixture("listed", time: Self.hoursBeforeGenerated(3))
    let deleted = Quake.fixture("deleted", time: Self.hoursBeforeGenerated(5))
    let older = Quake.fixture("older", time: Self.hoursBeforeGenerated(30))
    let batch = FeedBatch(quakes: [listed], generated: Self.generated)

    let (state, diff) = try self.apply(batch, to: [listed, deleted, older])

    #expect(Set(state.quakes.data.keys) == ["listed", "older"], "older lies outside the day window and stays")
    #expect(diff == QuakesDiff(deleted: [deleted]))
  }

  @Test("quakes near the window's old edge or newer than the feed are kept")
  func windowEdges() throws {
    let nearEdge = Quake.fixture("near-edge", time: Self.hoursBeforeGenerated(24).addingTimeInterval(300))
    let newer = Quake.fixture("newer-than-feed", time: Self.generated.addingTimeInterval(60))
    let (state, diff) = try self.apply(FeedBatch(quakes: [], generated: Self.generated), to: [nearEdge, newer])
    #expect(state.quakes.data.count == 2)
    #expect(diff.isEmpty)
  }

  @Test(
    "magnitude feeds never delete what they do not list",
    arguments: [QuakesFeed(.significant, .day), QuakesFeed(.magnitude4_5, .day), QuakesFeed(.magnitude1_0, .day)])
  func magnitudeFeedsNeverDelete(feed: QuakesFeed) throws {
    let revisedBelowThreshold = Quake.fixture("revised", magnitude: 4.3, time: Self.hoursBeforeGenerated(2))
    let (state, diff) = try self.apply(
      FeedBatch(quakes: [], generated: Self.generated), of: feed, to: [revisedBelowThreshold])
    #expect(state.quakes.data.count == 1)
    #expect(diff.isEmpty)
  }

  @Test("with the setting off, or without metadata.generated, nothing is deleted upstream")
  func upstreamDeletionsOff() throws {
    let absent = Quake.fixture("absent", time: Self.hoursBeforeGenerated(2))
    let (off, offDiff) = try self.apply(
      FeedBatch(quakes: [], generated: Self.generated), to: [absent], options: SyncOptions(deletesUpstream: false))
    #expect(off.quakes.data.count == 1)
    #expect(offDiff.isEmpty)
    let (undated, undatedDiff) = try self.apply(FeedBatch(quakes: []), to: [absent])
    #expect(undated.quakes.data.count == 1)
    #expect(undatedDiff.isEmpty)
  }

  @Test("a batch already applied (same metadata.generated) neither upserts nor deletes")
  func alreadyAppliedDoesNothing() throws {
    let absent = Quake.fixture("absent", time: Self.hoursBeforeGenerated(2))
    var state = QuakesState.loaded(
      [absent], feeds: [.allDay: FeedState(status: .waiting, record: FeedRecord(generated: Self.generated))])
    state.options = SyncOptions()
    let batch = FeedBatch(quakes: [.fixture("new")], generated: Self.generated)
    let next = try QuakesReducer.reduce(state: state, action: .remote(.success(batch: batch)))
    #expect(next.quakes.data == state.quakes.data)
    #expect(QuakesDiff(oldState: state, newState: next, batch: batch, feed: .allDay).isEmpty)
  }
}
