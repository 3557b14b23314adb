public import QuakesModel

/// How remote batches are applied beyond the seed's upsert: settings the
/// daemon reads from its configuration and puts in the initial state, so the
/// reducer stays a pure function of (state, action).
public struct SyncOptions: Hashable, Sendable {
  /// Whether a quake missing from a complete (`all_*`) feed, though its time
  /// lies inside that feed's window, is removed as deleted upstream. On by
  /// default; magnitude feeds never delete either way.
  public var deletesUpstream: Bool
  /// Seconds at the old edge of a feed's window in which an absent quake is
  /// kept anyway: near that edge it may have aged out of the feed between
  /// USGS writing the feed and its clock, not been deleted.
  public var windowMargin: Double
  /// The retention rules applied after each poll; none keeps every quake.
  public var retention: [RetentionRule]
  /// The feeds the daemon polls: the retention rules never remove a quake
  /// one of them still carries (it would come back with the next poll).
  public var polledFeeds: Set<QuakesFeed>
  /// The alert rules the listener evaluates on each committed batch.
  public var alerts: [AlertRule]
  /// How many seconds back from a batch the state keeps every cached
  /// quake (``QuakesState/Quakes/liveSince``); `nil` keeps every one.
  /// The daemon sets it to ``liveWindow(polling:windowMargin:)``.
  public var liveWindow: Double?

  /// Creates options; by default upstream deletions are on, with a
  /// 10-minute margin.
  public init(
    deletesUpstream: Bool = true, windowMargin: Double = 600, retention: [RetentionRule] = [],
    polledFeeds: Set<QuakesFeed> = [], alerts: [AlertRule] = [], liveWindow: Double? = nil
  ) {
    self.deletesUpstream = deletesUpstream
    self.windowMargin = windowMargin
    self.retention = retention
    self.polledFeeds = polledFeeds
    self.alerts = alerts
    self.liveWindow = liveWindow
  }

  /// The live window for `feeds`: the longest one's period, its window
  /// margin at the old edge, and an hour more, so that a batch dated a
  /// little before the live window's own date, and the quakes it may
  /// delete upstream, are inside it. A quake older than that can change
  /// only through a backfill, a reconciliation or a refresh of a longer
  /// feed, which read the local store.
  public static func liveWindow(polling feeds: some Sequence<QuakesFeed>, windowMargin: Double) -> Double {
    (feeds.map(\.period.seconds).max() ?? 0) + windowMargin + Self.liveWindowSlack
  }

  /// The hour the live window keeps beyond the longest polled feed's window.
  public static let liveWindowSlack: Double = 3_600
}
