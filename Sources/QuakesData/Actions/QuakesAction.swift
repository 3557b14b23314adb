public import Foundation
public import QuakesModel

/// Everything that can happen to the cache, in the daemon's vocabulary.
///
/// The seed's actions are UI events (`onAppear`, `onTapRefreshQuakesButton`);
/// a daemon has no UI, so its actions name who asked: the daemon itself, a
/// client on the socket, the scheduler, or the persistent session reporting a
/// result. docs/actions.md maps each one to the seed action it stands for.
public enum QuakesAction: Hashable, Sendable {
  /// The daemon's own life cycle.
  case daemon(Daemon)
  /// A request from a client on the control socket.
  case client(Client)
  /// A timer of the poll scheduler fired.
  case scheduler(Scheduler)
  /// A result from the persistent session (local or remote store).
  case data(Data)
}

extension QuakesAction {
  /// The daemon's own life cycle.
  public enum Daemon: Hashable, Sendable {
    /// The daemon started: load the local store (seed: `onAppear`).
    case didStart
    /// The configuration was reloaded (SIGHUP, `daemon.reload`): apply its
    /// sync options from the next batch on.
    case didReload(options: SyncOptions)
    /// The local store holds writes the state may not (another instance
    /// of a shared store wrote them, and this one starts to lead, or
    /// follows from a purge on): read it anew, as after a failed write.
    case catchUp
    /// This quakesd starts or stops writing its shared store (it leads, or
    /// no longer does).
    case didChangeRole(writes: Bool)
  }

  /// A request from a client on the control socket.
  public enum Client: Hashable, Sendable {
    /// Fetch `feed` now (seed: `onTapRefreshQuakesButton(range:)`).
    case refresh(feed: QuakesFeed)
    /// Delete one cached quake, as the local store holds it (seed:
    /// `onTapDeleteSelectedQuakeButton`). The quake comes with the action:
    /// the state holds only the live window, and watchers are told what went.
    case delete(quake: Quake)
    /// Delete every quake from the cache (seed: `onTapDeleteAllQuakesButton`).
    case purge
    /// Fetch `query`'s events from the FDSN event service at `date`
    /// (`history.backfill`); the same query as a cancelled or failed
    /// backfill resumes it.
    case backfill(query: HistoryQuery, date: Date)
    /// Stop the running backfill at `date` (`history.cancel`).
    case cancelBackfill(date: Date)
  }

  /// A timer of the poll scheduler fired.
  public enum Scheduler: Hashable, Sendable {
    /// `feed` is due for its periodic fetch (seed: `onTapRefreshQuakesButton(range:)`).
    case pollDue(feed: QuakesFeed)
    /// After a poll: remove the quakes the retention rules expire at `date`
    /// from the local store (``Retention/Plan``); `didExpireQuakes` reports them.
    case retentionDue(date: Date)
    /// The reconciliation interval passed: ask the FDSN event service what
    /// changed or was deleted in the cache's time span since the last one.
    /// `extent` is the catalogue's, as the local store measured it; `nil`
    /// takes the state's quakes (when the state holds every one).
    case reconcileDue(date: Date, extent: CatalogueExtent? = nil)
  }

  /// A result from the persistent session.
  public enum Data: Hashable, Sendable {
    /// A local or remote store answered.
    case persistentSession(PersistentSession)
  }
}

extension QuakesAction.Data {
  /// A local or remote store answered.
  public enum PersistentSession: Hashable, Sendable {
    /// The local store (SQLite) answered.
    case localStore(LocalStore)
    /// The remote store (USGS) answered.
    case remoteStore(RemoteStore)
  }
}

extension QuakesAction.Data.PersistentSession {
  /// The local store (SQLite) answered.
  public enum LocalStore: Hashable, Sendable {
    /// The first load finished: merge its quakes into the state.
    case didFetchQuakes(result: FetchQuakesResult)
    /// A reload after a failed write finished: its quakes replace the state's.
    case didReloadQuakes(result: FetchQuakesResult)
    /// The diff of a remote batch was committed: exactly these changes are
    /// now in the local store. Watchers (and anything else that reacts to
    /// what changed) read them here, computed once by the listener.
    case didWriteRemoteQuakes(feed: QuakesFeed, diff: QuakesDiff)
    /// The diff of one FDSN window of `job` was committed, with the job's
    /// checkpoint. (The job is named by its run: a result for a run that
    /// was since replaced changes nothing.) `stored` is what the local
    /// store held for the window's ids before it, what the diff was taken
    /// against: a watcher's filtered view tells from it whether an updated
    /// quake the state does not hold matched before.
    case didWriteHistory(job: HistoryJob.ID, diff: QuakesDiff, stored: [Quake])
    /// The retention rules removed `quakes` from the local store at `date`
    /// (none, when nothing expired).
    case didExpireQuakes(quakes: [Quake], date: Date)
    /// `mutation` failed at `date`; the state may no longer match the local
    /// store (it is reloaded next).
    case didFailMutation(mutation: Mutation, date: Date, error: String)
    /// Another instance, the leader of a shared store, committed
    /// `changes`: the follower's state takes them in.
    case didFollowChanges(changes: FollowedChanges)
  }

  /// The remote store (USGS) answered for `feed` at `date`.
  public enum RemoteStore: Hashable, Sendable {
    /// A fetch of `feed` finished at `date`.
    case didFetchQuakes(feed: QuakesFeed, date: Date, result: FetchQuakesResult)
    /// The FDSN count of `window` for `job` came back at `date`.
    case didCountHistory(job: HistoryJob.ID, window: HistoryWindow, date: Date, result: CountHistoryResult)
    /// The FDSN fetch of `window` for `job` came back at `date`.
    case didFetchHistory(job: HistoryJob.ID, window: HistoryWindow, date: Date, result: FetchHistoryResult)
  }
}

extension QuakesAction.Data.PersistentSession.LocalStore {
  /// A write to the local store, named so that its failure is reported
  /// against what caused it (a feed's batch, a client's delete).
  public enum Mutation: Hashable, Sendable {
    /// The diff of a remote batch of `feed`, with the feed's record.
    case remoteQuakes(feed: QuakesFeed)
    /// A client's delete of one quake.
    case deleteQuake(quakeId: Quake.ID)
    /// A client's purge.
    case deleteQuakes
    /// The retention rules' removal.
    case expireQuakes
    /// The diff of an FDSN window of `job`, with its checkpoint.
    case historyQuakes(job: HistoryJob.ID)
    /// The checkpoint of the `kind` job alone (started, cancelled, failed).
    case historyJob(kind: HistoryJob.Kind)
  }

  /// The outcome of reading the local store.
  public enum FetchQuakesResult: Hashable, Sendable {
    /// Everything the local store holds.
    case success(cache: PersistedCache)
    /// Reading failed; `error` says why and what to do.
    case failure(error: String)
  }
}

extension QuakesAction.Data.PersistentSession.RemoteStore {
  /// The outcome of fetching a feed.
  public enum FetchQuakesResult: Hashable, Sendable {
    /// The feed had changed: here it is, with the quakes the local store
    /// holds outside the state's live window that it may change
    /// (``RemoteSync/StoredLookup``).
    case success(batch: FeedBatch, stored: [Quake] = [])
    /// The feed had not changed (`304 Not Modified`).
    case notModified
    /// The fetch failed; `error` names the feed, the URL and the cause.
    case failure(error: String)
  }
}

extension QuakesAction.Data.PersistentSession.RemoteStore {
  /// The outcome of counting a window.
  public enum CountHistoryResult: Hashable, Sendable {
    /// The window holds `count` events; one request returns at most `maximum`.
    case success(count: Int, maximum: Int)
    /// The count failed for good (after the polite retries); `error` says why.
    case failure(error: String)
  }

  /// The outcome of fetching a window.
  public enum FetchHistoryResult: Hashable, Sendable {
    /// The window's events.
    case success(batch: FeedBatch)
    /// The service refused: the window now holds more than `maximum` events.
    case tooManyEvents(maximum: Int)
    /// The fetch failed for good (after the polite retries); `error` says why.
    case failure(error: String)
  }
}
