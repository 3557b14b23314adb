public import Foundation

/// What the leader of a shared store committed after the change a follower
/// last took in, read from one snapshot of the store: the quakes written
/// (new ones apart from updated ones) and the quakes deleted since, with
/// the live window's new start and the count of the cached quakes before
/// it, so that the follower's state holds what the leader's would
/// (``QuakesState/Quakes``), and its watchers see what the leader's saw.
public struct FollowedChanges: Hashable, Sendable {
  /// The change these follow: the state takes them in only if it reflects
  /// exactly that one (``QuakesState/Quakes/storeChange``).
  public var after: Int64
  /// The last change these include: the next read starts after it.
  public var sequence: Int64
  /// What changed since: the quakes created, the ones that were cached
  /// before and written since, and the ones deleted, each as it was last
  /// stored; each in any order.
  public var diff: QuakesDiff
  /// The start of the live window the counts are taken against; `nil` for no window.
  public var liveSince: Date?
  /// The cached quakes before ``liveSince``.
  public var historyCount: Int

  public init(
    after: Int64, sequence: Int64, diff: QuakesDiff, liveSince: Date?, historyCount: Int
  ) {
    self.after = after
    self.sequence = sequence
    self.diff = diff
    self.liveSince = liveSince
    self.historyCount = historyCount
  }

}
