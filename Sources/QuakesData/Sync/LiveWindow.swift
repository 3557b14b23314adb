import Foundation
public import QuakesModel

/// Keeps the state's quakes to the live window (``QuakesState/Quakes``):
/// pure functions the reducer applies, so that memory holds what the
/// polled feeds can still change and the local store the rest.
///
/// The invariant: the state holds every cached quake whose time is at or
/// after ``QuakesState/Quakes/liveSince`` (and may hold older ones a batch
/// touched last), and ``QuakesState/Quakes/historyCount`` counts the cached
/// quakes it does not hold, so that the two together are the catalogue.
enum LiveWindow {
  /// Moves the live window's start up to `date` minus the configured
  /// window (never back), and the quakes before it out of the state (they
  /// stay in the local store), except those with `kept` ids (a batch just
  /// wrote them; the next batch moves them out).
  static func prune(
    _ quakes: inout QuakesState.Quakes, at date: Date, options: SyncOptions, keeping kept: Set<Quake.ID>
  ) {
    guard let window = options.liveWindow else { return }
    let since = max(date.addingTimeInterval(-window), quakes.liveSince ?? .distantPast)
    quakes.liveSince = since
    let older = 0..<quakes.data.byTime.rank { $0.quake.time < since }
    guard !older.isEmpty else { return }
    var leaving: [Quake.ID] = []
    quakes.data.byTime.forEach(in: older) { element in
      if !kept.contains(element.quake.id) { leaving.append(element.quake.id) }
      return true
    }
    for id in leaving { quakes.data[id] = nil }
    quakes.historyCount += leaving.count
  }

  /// Takes `stored` quakes (read from the local store, outside the state)
  /// into the state, so that a batch is applied to what the cache holds;
  /// a quake the state holds already is the state's (the local store may
  /// not have its last write yet).
  static func take(_ stored: [Quake], into quakes: inout QuakesState.Quakes) {
    for quake in stored where quakes.data[quake.id] == nil {
      quakes.data[quake.id] = quake
      quakes.historyCount = max(0, quakes.historyCount - 1)
    }
  }

  /// Applies `diff`, written to the local store by a job that read it
  /// there (a backfill or a reconciliation window), to the state: the
  /// quakes inside the live window join or change in it, the others are
  /// counted.
  static func apply(_ diff: QuakesDiff, to quakes: inout QuakesState.Quakes) {
    for quake in diff.deleted {
      if quakes.data[quake.id] != nil {
        quakes.data[quake.id] = nil
      } else {
        quakes.historyCount = max(0, quakes.historyCount - 1)
      }
    }
    for quake in diff.inserted {
      if quakes.holds(quake.time) {
        quakes.data[quake.id] = quake
      } else {
        quakes.historyCount += 1
      }
    }
    for quake in diff.updated {
      if quakes.data[quake.id] != nil {
        quakes.data[quake.id] = quake
      } else if quakes.holds(quake.time) {
        // Written outside the window before, inside it now.
        quakes.data[quake.id] = quake
        quakes.historyCount = max(0, quakes.historyCount - 1)
      }
    }
  }

  /// Takes in what the leader of a shared store committed (a follower's
  /// state): the window starts at the changes' ``FollowedChanges/liveSince``
  /// (never earlier than it did), the quakes before it leave the state,
  /// the deleted ones too, the written ones within the window join it or
  /// change in it, and the count of the others is the store's.
  static func follow(_ changes: FollowedChanges, in quakes: inout QuakesState.Quakes) {
    if let since = changes.liveSince {
      quakes.liveSince = since
      let older = 0..<quakes.data.byTime.rank { $0.quake.time < since }
      var leaving: [Quake.ID] = []
      quakes.data.byTime.forEach(in: older) { element in
        leaving.append(element.quake.id)
        return true
      }
      for id in leaving { quakes.data[id] = nil }
    }
    for quake in changes.diff.deleted { quakes.data[quake.id] = nil }
    for quake in [changes.diff.inserted, changes.diff.updated].joined() {
      quakes.data[quake.id] = changes.liveSince.map { quake.time >= $0 } ?? true ? quake : nil
    }
    quakes.historyCount = changes.historyCount
  }

  /// Removes `removed` quakes of the cache from the state or from the count.
  static func remove(_ removed: some Sequence<Quake>, from quakes: inout QuakesState.Quakes) {
    for quake in removed {
      if quakes.data[quake.id] != nil {
        quakes.data[quake.id] = nil
      } else {
        quakes.historyCount = max(0, quakes.historyCount - 1)
      }
    }
  }
}

extension QuakesState {
  /// This state with `stored` quakes taken in (``LiveWindow/take(_:into:)``):
  /// the cache a batch that came with them was applied to.
  public func including(_ stored: [Quake]) -> QuakesState {
    guard !stored.isEmpty else { return self }
    var state = self
    LiveWindow.take(stored, into: &state.quakes)
    return state
  }
}

extension QuakesState.Quakes {
  /// Whether a quake at `time` belongs in the state's live window.
  func holds(_ time: Date) -> Bool {
    self.liveSince.map { time >= $0 } ?? true
  }
}
