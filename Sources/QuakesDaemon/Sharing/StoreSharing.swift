import Foundation
import ImmutableData
import Logging
import QuakesData
import QuakesModel
import QuakesPostgres
import QuakesProtocol
import Synchronization

/// This quakesd's part in a PostgreSQL store shared with other quakesd
/// (docs/ha.md): its candidacy for the lease, what it is now (leader,
/// follower or reader), and the change it took in last.
///
/// - A leader's terms open the store's writer, and only a leader polls,
///   expires quakes and reconciles (``lead(while:_:)``); it first reads
///   the store anew, so that its first poll builds on what the last leader
///   wrote.
/// - Every other instance follows (``follow(_:)``): it reads the changes
///   committed after the last it took in and hands them to its state.
final class StoreSharing: Sendable {
  /// What this instance is to the shared store.
  enum Role: Sendable, Equatable, CustomStringConvertible {
    /// It leads, in the term of `epoch`.
    case leader(epoch: Int64)
    /// It may lead, and follows meanwhile.
    case follower
    /// It never leads (`candidate: false`), and follows.
    case reader

    var description: String {
      switch self {
      case .leader: "leader"
      case .follower: "follower"
      case .reader: "reader"
      }
    }
  }

  let store: PostgresStore
  let local: PostgresLocalStore
  /// The candidacy; `nil` for a reader.
  let election: LeaderElection?
  let logger: Logger
  /// How often a follower looks at the change head without being told of a
  /// change (an announcement lost while its connection was down).
  let followInterval: Duration
  private let state: Mutex<(role: Role, followed: Int64, lag: Lag?)>

  /// How far behind the leader a follower was at its last look.
  private struct Lag {
    /// How long the last change it took in had been committed when it read
    /// it; zero when it had taken in every change.
    var behind: Duration
    /// When it looked.
    var lookedAt: ContinuousClock.Instant
  }

  init(
    store: PostgresStore, local: PostgresLocalStore, candidate: String?, followInterval: Duration = .seconds(1),
    logger: Logger
  ) {
    self.store = store
    self.local = local
    self.election = candidate.map {
      LeaderElection(lease: LeaderLease(store: store, candidate: $0), logger: logger)
    }
    self.logger = logger
    self.followInterval = followInterval
    self.state = Mutex((candidate == nil ? .reader : .follower, 0, nil))
  }

  /// What this instance is now.
  var role: Role { self.state.withLock { $0.role } }

  /// What `quakes.status` shows of it.
  var status: StatusResult.Store {
    self.state.withLock { state in
      let epoch: Int64? = if case .leader(let epoch) = state.role { epoch } else { nil }
      return StatusResult.Store(
        url: self.store.location.description, role: state.role.description, epoch: epoch, change: state.followed,
        lagSeconds: epoch == nil ? state.lag.map { self.lagNow($0).seconds } : nil)
    }
  }

  /// Runs `work` (polls, retention, reconciliations) while this instance
  /// leads, and follows the leader's changes into `store` while it does
  /// not; until the calling task is cancelled. The candidacy itself runs
  /// apart (``LeaderElection/run()``), so that it resigns after the work stopped.
  func lead(
    while store: Store<QuakesState, QuakesAction>, _ work: @escaping @Sendable () async -> Void
  ) async {
    guard let election = self.election else { return await self.follow(store) }
    var following: Task<Void, Never>? = Task { await self.follow(store) }
    var leading: Task<Void, Never>?
    for await role in election.roles {
      switch role {
      case .leader(let term):
        following?.cancel()
        await following?.value
        following = nil
        await self.local.writer.lead(term)
        self.state.withLock { ($0.role, $0.lag) = (.leader(epoch: term.epoch), nil) }
        leading = Task {
          // What the last leader wrote first, then the writes of its own.
          await self.catchUp(store)
          guard !Task.isCancelled else { return }
          try? await store.dispatch(action: .daemon(.didChangeRole(writes: true)))
          await withDiscardingTaskGroup { group in
            group.addTask { await work() }
            group.addTask { await self.watchHead() }
          }
        }
      case .candidate:
        await self.local.writer.lead(nil)
        // It can no longer write: it says so at once, even while a write
        // cut off from the store (a partition) keeps the work from ending.
        self.state.withLock { $0.role = .follower }
        try? await store.dispatch(action: .daemon(.didChangeRole(writes: false)))
        leading?.cancel()
        await leading?.value
        leading = nil
        // Again: the term's task may have said it writes after the first.
        try? await store.dispatch(action: .daemon(.didChangeRole(writes: false)))
        if following == nil { following = Task { await self.follow(store) } }
      }
    }
    await self.local.writer.lead(nil)
    leading?.cancel()
    following?.cancel()
    await leading?.value
    await following?.value
  }

  /// Reads the store anew into the state, and waits for it.
  private func catchUp(_ store: Store<QuakesState, QuakesAction>) async {
    do {
      let state = try await store.dispatch(action: .daemon(.catchUp)) { action in
        if case .data(.persistentSession(.localStore(.didReloadQuakes))) = action { true } else { false }
      }
      if let change = state?.quakes.storeChange { self.noteChange(change) }
    } catch  where !Task.isCancelled {
      self.logger.error("reading the shared store anew failed: \(error)")
    } catch {
      // Cut short by a stop or a change of role.
    }
  }

  /// Notes the change head every ``followInterval`` while this instance
  /// leads (its own writes move it), for `quakes.status`.
  private func watchHead() async {
    while !Task.isCancelled {
      if let head = try? await self.local.head() { self.noteChange(head.sequence) }
      try? await Task.sleep(for: self.followInterval)
    }
  }

  private func noteChange(_ change: Int64, behind: Duration? = nil) {
    self.state.withLock { state in
      state.followed = change
      if let behind { state.lag = Lag(behind: behind, lookedAt: .now) }
    }
  }

  /// The lag at `lag`'s look, and the time since beyond the interval
  /// between looks: a follower that stopped looking (the store cannot be
  /// read, its state is stuck) falls behind by the clock.
  private func lagNow(_ lag: Lag) -> Duration {
    lag.behind + max(.zero, ContinuousClock.now - lag.lookedAt - self.followInterval)
  }

  /// Takes the changes the leader commits into `store` as PostgreSQL
  /// announces them, and every ``followInterval`` besides, until the
  /// calling task is cancelled.
  ///
  /// The state says which change it reflects (``QuakesState/Quakes/storeChange``),
  /// and takes in only changes that start from it; a state that reflects
  /// none yet, or is behind a purge, reads the store anew.
  func follow(_ store: Store<QuakesState, QuakesAction>) async {
    let wakeup = Wakeup()
    let listening = Task { [store = self.store] in await store.listenForChanges { wakeup.signal() } }
    defer { listening.cancel() }
    var failures = 0
    while !Task.isCancelled {
      do {
        let state = store.snapshot()
        let liveSince = state.options.liveWindow.map { window in
          max(Date().addingTimeInterval(-window), state.quakes.liveSince ?? .distantPast)
        }
        if let after = state.quakes.storeChange {
          self.noteChange(after)
          switch try await self.local.changes(after: after, liveSince: liveSince) {
          case .unchanged:
            self.noteChange(after, behind: .zero)
          case .reload:
            await self.catchUp(store)
          case .changed(let changes, let lag):
            try await store.dispatch(
              action: .data(.persistentSession(.localStore(.didFollowChanges(changes: changes)))))
            self.noteChange(store.snapshot().quakes.storeChange ?? changes.sequence, behind: lag)
          }
        } else {
          await self.catchUp(store)
        }
        failures = 0
      } catch  where Task.isCancelled {
        // It leads now, or stops: the read was cut short, nothing failed.
        break
      } catch {
        failures += 1
        if failures == 1 || failures % 100 == 0 {
          self.logger.error(
            "following the shared store failed (\(Plural.count(failures, "time")) in a row): \(error)")
        }
      }
      await wakeup.wait(atMost: self.followInterval)
    }
  }
}
