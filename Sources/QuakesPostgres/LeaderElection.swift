public import Logging
public import QuakesModel

/// One instance's candidacy for the store's lease (``LeaderLease``), for as
/// long as ``run()`` runs: it takes the lease when it is free, renews it
/// every ``interval`` while it leads, steps down when a renewal is refused
/// or has not come back by the time its term could have ended, and resigns
/// when it stops, so that another takes over at once.
///
/// An instance counts its term as ending one time to live after it *sent*
/// its last successful renewal (or the request that took the lease), on its
/// own clock. The database extended the lease from a moment no earlier
/// than that, so the instance stops counting itself leader no later than
/// the database does. Hosts' clocks may disagree on the time of day; over
/// 15 s their rates agree to far better than the renewal's margin.
public actor LeaderElection {
  /// What this instance is now.
  public enum Role: Sendable, Equatable {
    /// It may lead, and asks for the lease every ``LeaderElection/candidateInterval``.
    case candidate
    /// It leads, in `term`.
    case leader(LeaderLease.Term)
  }

  /// What came of a renewal.
  private enum Renewal: Sendable {
    case renewed
    /// The store refused it: the term is over.
    case refused
    /// It had not come back when the term could have ended.
    case late
    case failed(any Error)
  }

  let lease: LeaderLease
  let clock: ElapsedClock
  let logger: Logger
  /// How often a leader renews: a third of the time to
  /// live, so that two renewals can fail before the term ends.
  public nonisolated let interval: Duration
  /// How often a candidate asks for the lease: every second (or every
  /// ``interval``, if shorter), so that one that expired is taken within a
  /// second of its end. A lease a leader resigned (SIGTERM) is announced,
  /// and taken at once.
  public nonisolated let candidateInterval: Duration
  /// Every change of ``role``, from the first.
  public nonisolated let roles: AsyncStream<Role>
  private let changes: AsyncStream<Role>.Continuation
  /// What this instance is now.
  public private(set) var role = Role.candidate
  /// How many renewals failed (an error, not a refusal) while it led.
  public private(set) var failedRenewals = 0

  public init(lease: LeaderLease, clock: ElapsedClock = .continuous, logger: Logger) {
    self.lease = lease
    self.clock = clock
    self.logger = logger
    self.interval = lease.timeToLive / 3
    self.candidateInterval = min(self.interval, .seconds(1))
    (self.roles, self.changes) = AsyncStream.makeStream(of: Role.self)
  }

  /// Stands for the lease until the calling task is cancelled; then resigns
  /// if it leads.
  public func run() async {
    // A resignation is announced: a candidate asks at once, not at its next look.
    let resigned = Wakeup()
    let listening = Task { [store = self.lease.store] in
      await store.listen(on: PostgresStore.leaseChannel) { resigned.signal() }
    }
    defer { listening.cancel() }
    var termEnds = Duration.zero
    while !Task.isCancelled {
      let asked = self.clock.now
      switch self.role {
      case .candidate:
        do {
          if let term = try await self.lease.acquire() {
            termEnds = asked + self.lease.timeToLive
            if self.clock.now < termEnds {
              self.become(.leader(term))
            } else {
              // It came back too late to lead in: let another have it.
              try? await self.lease.resign(term)
            }
          }
        } catch {
          self.logger.warning("cannot ask the store for the lease: \(error)")
        }
      case .leader(let term):
        switch await self.renew(term, before: termEnds) {
        case .renewed:
          termEnds = asked + self.lease.timeToLive
        case .refused:
          self.stepDown(term, because: "the store refused to renew it: another instance leads, or it expired")
        case .late:
          self.stepDown(term, because: "its renewal had not come back when the term could have ended")
        case .failed(let error):
          // A term survives a failed renewal or two (a dropped connection,
          // a restart): the next interval tries again, and the term ends
          // when it would have.
          self.failedRenewals += 1
          if self.clock.now < termEnds {
            self.logger.warning("could not renew the lease (term \(term.epoch)); trying again: \(error)")
          } else {
            self.stepDown(term, because: "its renewal failed: \(error)")
          }
        }
      }
      if case .leader = self.role {
        do {
          try await self.clock.sleep(until: asked + self.interval)
        } catch {
          break
        }
      } else {
        await resigned.wait { [clock = self.clock, next = asked + self.candidateInterval] in
          try await clock.sleep(until: next)
        }
      }
    }
    if case .leader(let term) = self.role {
      do {
        // Not in the cancelled task: a stop is exactly when it must go
        // out. Nor longer than 2 s: a stop must not wait on a store that
        // does not answer (the lease then expires by itself).
        try await self.resignSoon(term)
        self.logger.info("resigned the lease (term \(term.epoch))")
      } catch {
        self.logger.warning("could not resign the lease (term \(term.epoch)); it expires by itself: \(error)")
      }
      self.become(.candidate)
    }
    self.changes.finish()
  }

  private func resignSoon(_ term: LeaderLease.Term) async throws {
    let (lease, clock) = (self.lease, self.clock)
    let resigned: Bool = try await withCheckedThrowingContinuation { continuation in
      let outcome = FirstResumption(continuation)
      let timer = Task {
        try await clock.sleep(for: .seconds(2))
        outcome.resume(with: .success(false))
      }
      Task {
        do {
          try await lease.resign(term)
          outcome.resume(with: .success(true))
        } catch {
          outcome.resume(with: .failure(error))
        }
        timer.cancel()
      }
    }
    guard resigned else { throw PostgresStoreError("the store did not answer within 2 s") }
  }

  private func become(_ role: Role) {
    guard role != self.role else { return }
    self.role = role
    if case .leader(let term) = role {
      self.logger.notice("leads, in term \(term.epoch)")
    }
    self.changes.yield(role)
  }

  private func stepDown(_ term: LeaderLease.Term, because reason: String) {
    self.logger.warning("stepped down from term \(term.epoch): \(reason)")
    self.become(.candidate)
  }

  /// Renews `term`, or gives up on it when the clock reaches `deadline`
  /// first. A renewal given up on is left to end by itself (a statement
  /// cannot be taken back from postgres-nio): refused once the term is
  /// over, and resigned at once if it comes back renewed.
  private func renew(_ term: LeaderLease.Term, before deadline: Duration) async -> Renewal {
    let (lease, clock) = (self.lease, self.clock)
    return await withCheckedContinuation { continuation in
      let outcome = FirstResumption(continuation)
      let timer = Task {
        try await clock.sleep(until: deadline)
        outcome.resume(with: .success(.late))
      }
      Task {
        do {
          let renewed = try await lease.renew(term)
          if !outcome.resume(with: .success(renewed ? .renewed : .refused)), renewed {
            // It came back after the instance stepped down: the lease must
            // not keep others waiting for a leader that no longer leads.
            try? await lease.resign(term)
          }
        } catch {
          outcome.resume(with: .success(.failed(error)))
        }
        timer.cancel()
      }
    }
  }
}
