public import Foundation
public import QuakesModel

/// What the leader of a shared store committed after the change a follower
/// last took in, read from one snapshot of the store: the quakes written
/// and the ids deleted since, with the live window's new start and the
/// count of the cached quakes before it, so that the follower's state
/// holds what the leader's would (``QuakesState/Quakes``).
public struct FollowedChanges: Hashable, Sendable {
  /// The change these follow: the state takes them in only if it reflects
  /// exactly that one (``QuakesState/Quakes/storeChange``).
  public var after: Int64
  /// The last change these include: the next read starts after it.
  public var sequence: Int64
  /// The quakes written since, in any order.
  public var upserted: [Quake]
  /// The ids of the quakes deleted since.
  public var removed: [Quake.ID]
  /// The start of the live window the counts are taken against; `nil` for no window.
  public var liveSince: Date?
  /// The cached quakes before ``liveSince``.
  public var historyCount: Int

  public init(
    after: Int64, sequence: Int64, upserted: [Quake], removed: [Quake.ID], liveSince: Date?, historyCount: Int
  ) {
    self.after = after
    self.sequence = sequence
    self.upserted = upserted
    self.removed = removed
    self.liveSince = liveSince
    self.historyCount = historyCount
  }
}
