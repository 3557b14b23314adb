public import Foundation
public import QuakesModel

/// A backfill or a reconciliation in progress: what it asks the FDSN event
/// service for, how far it got, and the windows still to fetch.
///
/// The job advances by pure steps (``HistoryJob+Planning``): the listener
/// performs ``step`` (a count or a fetch), and the reducer folds the answer
/// in. Everything before ``cursor`` is written; ``pending`` covers the rest
/// of the span in time order, so a job read back after a crash resumes at
/// its cursor without fetching a finished window again.
public struct HistoryJob: Hashable, Sendable {
  /// What the job is for.
  public var kind: Kind
  /// What it fetches.
  public var query: HistoryQuery
  /// When it was started (or, for a reconciliation, when this one began).
  public var started: Date
  /// When it last changed.
  public var updated: Date
  /// When it ended (done, cancelled or failed).
  public var finished: Date?
  /// Where it is.
  public var phase: Phase
  /// Origin times before this (epoch milliseconds) are fetched and written.
  public var cursor: Int64
  /// The windows still to fetch, from ``cursor`` to the span's end, in time order.
  public var pending: [HistoryWindow]
  /// Windows fetched and written.
  public var windowsDone: Int
  /// Events the fetched windows held.
  public var eventsFetched: Int
  /// Quakes those windows inserted or changed in the cache.
  public var eventsWritten: Int
  /// Quakes they removed (a reconciliation's deletions).
  public var eventsRemoved: Int
  /// All the events the span holds, once the service counted the rest of it.
  public var eventsExpected: Int?
  /// When this run got its first answer (a job resumed after a restart or
  /// asked again runs anew), and what had been fetched before it: the
  /// ETA's pace is this run's. Not kept in the database.
  public var runStarted: Date?
  /// ``eventsFetched`` when this run began.
  public var fetchedBeforeRun = 0
  /// The progress the database holds: what the last committed window (or
  /// the job read back) left. A checkpoint saved alone carries this, never
  /// the progress of a window still being written, and a window whose
  /// write fails takes the job back to it.
  public var committed: Progress

  /// A job of `kind` over `query`'s span, started at `date` (to the
  /// millisecond, as the database keeps it: a job read back is the same
  /// job; rounded down, so that a reconciliation's next `updatedafter`
  /// never starts after it did).
  public init(kind: Kind, query: HistoryQuery, started date: Date) {
    let started = Timestamp.date(milliseconds: Timestamp.milliseconds(date, rounding: .down))
    self.kind = kind
    self.query = query
    self.started = started
    self.updated = started
    self.phase = .running
    self.cursor = query.since
    self.pending = [HistoryWindow(start: query.since, end: query.until)]
    self.windowsDone = 0
    self.eventsFetched = 0
    self.eventsWritten = 0
    self.eventsRemoved = 0
    self.committed = Progress(cursor: query.since)
  }
}

extension HistoryJob {
  /// How far a job got: the cursor and the counts that go with it.
  public struct Progress: Hashable, Sendable {
    /// Origin times before this (epoch milliseconds) are done.
    public var cursor: Int64
    /// Windows done.
    public var windowsDone = 0
    /// Events fetched.
    public var eventsFetched = 0
    /// Quakes inserted or changed.
    public var eventsWritten = 0
    /// Quakes removed.
    public var eventsRemoved = 0
    /// All the events the span holds, once counted.
    public var eventsExpected: Int?

    /// Progress at `cursor`, nothing counted.
    public init(cursor: Int64) {
      self.cursor = cursor
    }
  }

  /// The job's progress now, committed or not.
  public var progress: Progress {
    get {
      var progress = Progress(cursor: self.cursor)
      progress.windowsDone = self.windowsDone
      progress.eventsFetched = self.eventsFetched
      progress.eventsWritten = self.eventsWritten
      progress.eventsRemoved = self.eventsRemoved
      progress.eventsExpected = self.eventsExpected
      return progress
    }
    set {
      self.cursor = newValue.cursor
      self.windowsDone = newValue.windowsDone
      self.eventsFetched = newValue.eventsFetched
      self.eventsWritten = newValue.eventsWritten
      self.eventsRemoved = newValue.eventsRemoved
      self.eventsExpected = newValue.eventsExpected
    }
  }

  /// The job as a checkpoint saved alone records it: its phase with its
  /// committed progress.
  public var checkpoint: HistoryJob {
    var job = self
    job.progress = self.committed
    return job
  }
}

extension HistoryJob {
  /// What a job is for.
  public enum Kind: String, Hashable, Sendable, CaseIterable, Codable {
    /// `quakectl backfill`: events before the feeds' window, inserted or updated.
    case backfill
    /// The periodic reconciliation: events changed or deleted upstream
    /// since the last one, applied to the cached quakes.
    case reconcile
  }

  /// Where a job is.
  public enum Phase: Hashable, Sendable {
    /// Counting and fetching windows.
    case running
    /// Every window is written.
    case done
    /// A client cancelled it.
    case cancelled
    /// A request or a write failed for good; the message says why.
    case failed(String)

    /// The phase's name, as status reports and the database spell it.
    public var name: String {
      switch self {
      case .running: "running"
      case .done: "done"
      case .cancelled: "cancelled"
      case .failed: "failed"
      }
    }
  }

  /// The side effect a running job waits for.
  public enum Step: Hashable, Sendable {
    /// Ask the service how many events `window` holds.
    case count(HistoryWindow)
    /// Fetch `window`, counted and small enough.
    case fetch(HistoryWindow)
  }

  /// Which run of which job: its kind and when it started (a resumed job
  /// keeps its start). An answer is folded into the job it was asked for
  /// and no other.
  public struct ID: Hashable, Sendable {
    /// The job's kind.
    public var kind: Kind
    /// When the job started.
    public var started: Date

    /// Creates an id.
    public init(kind: Kind, started: Date) {
      self.kind = kind
      self.started = started
    }
  }

  /// The job's identity.
  public var id: ID { ID(kind: self.kind, started: self.started) }

  /// What the listener must do next; `nil` when the job is not running.
  public var step: Step? {
    guard self.phase == .running, let next = self.pending.first else { return nil }
    return next.count == nil ? .count(next) : .fetch(next)
  }

  /// Whether the job still runs.
  public var isRunning: Bool { self.phase == .running }
}
