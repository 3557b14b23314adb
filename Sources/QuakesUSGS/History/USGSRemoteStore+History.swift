import Foundation
public import QuakesData
public import QuakesModel

extension USGSRemoteStore {
  /// Counts `query`'s events in `window` with the FDSN `count` method.
  ///
  /// - Throws: ``FDSNError`` once the retries are spent, or
  ///   `CancellationError` when the calling task was cancelled.
  public func countRemoteQuakesQuery(history query: HistoryQuery, window: HistoryWindow) async throws -> HistoryCount {
    let url = self.history.service.countURL(query, window: window)
    let (response, attempts) = try await self.sendPolitely(url)
    guard response.status == 200 else { throw Self.failure(response, url: url, attempts: attempts) }
    guard let count = HistoryCountAnswer(response.body) else {
      throw FDSNError(
        url: url, cause: .unreadable("the answer is not a count ({\"count\": N, \"maxAllowed\": M})"),
        attempts: attempts)
    }
    return HistoryCount(count: count.count, maximum: count.maximum)
  }

  /// Fetches `query`'s events in `window` with the FDSN `query` method, as
  /// GeoJSON, through the feeds' decoder.
  ///
  /// - Throws: ``HistoryWindowTooLarge`` when the service refuses the
  ///   window's size, ``FDSNError`` once the retries are spent, or
  ///   `CancellationError` when the calling task was cancelled.
  public func fetchRemoteQuakesQuery(history query: HistoryQuery, window: HistoryWindow) async throws -> FeedBatch {
    let url = self.history.service.queryURL(query, window: window)
    let (response, attempts) = try await self.sendPolitely(url, halvingWhenTooBig: window.count.map { $0 > 1 } ?? true)
    switch response.status {
    case 200:
      do {
        return try GeoJSONFeedDecoder.decode(response.body)
      } catch {
        throw FDSNError(url: url, cause: .unreadable("the answer is not GeoJSON: \(error.message)"), attempts: attempts)
      }
    case 204:
      return FeedBatch(quakes: [])
    case 400 where HistoryServiceMessage.isTooManyEvents(response.body):
      throw HistoryWindowTooLarge(
        maximum: HistoryServiceMessage.maximum(in: response.body) ?? HistoryQuery.defaultMaximum)
    default:
      throw Self.failure(response, url: url, attempts: attempts)
    }
  }

  /// Sends a GET through the pacer, again after a transient failure as the
  /// retry policy says; returns the last response and the attempts made.
  /// The wait before the next attempt (the service's `Retry-After`, or the
  /// policy's backoff) holds every FDSN request, not only this one. With
  /// `halvingWhenTooBig`, a transfer that times out or grows past the
  /// largest body allowed is not sent again: the window is too large to
  /// come whole, and is halved.
  private func sendPolitely(_ url: String, halvingWhenTooBig: Bool = false) async throws -> (NetworkResponse, Int) {
    let policy = self.history.retry
    var attempt = 0
    while true {
      attempt += 1
      let tried = attempt
      let outcome: Result<NetworkResponse, NetworkError>
      do {
        outcome = .success(
          try await self.history.pacer.run({ try await self.session.get(NetworkRequest(url: url)) }) { outcome in
            Self.hold(after: outcome, attempt: tried, policy: policy, halving: halvingWhenTooBig)
          })
      } catch let error as NetworkError {
        outcome = .failure(error)
      }
      self.observeHistory(outcome)
      switch outcome {
      case .success(let response) where !FDSNRetryPolicy.isTransient(response.status) || attempt >= policy.attempts:
        return (response, attempt)
      case .success:
        continue
      case .failure(let error):
        if halvingWhenTooBig, Self.callsForHalving(error) {
          throw HistoryWindowTooLarge(maximum: HistoryQuery.defaultMaximum)
        }
        guard attempt < policy.attempts else {
          throw FDSNError(url: url, cause: .transport(error), attempts: attempt)
        }
      }
    }
  }

  /// How long every FDSN request waits after `outcome` of attempt
  /// `attempt`: the service's `Retry-After` or the policy's backoff after a
  /// transient failure, nothing more than the pacer's interval otherwise.
  private static func hold(
    after outcome: Result<NetworkResponse, any Error>, attempt: Int, policy: FDSNRetryPolicy, halving: Bool
  ) -> RequestPacer.Hold? {
    let again = attempt < policy.attempts ? "; attempt \(attempt + 1) of \(policy.attempts) follows" : ""
    switch outcome {
    case .success(let response):
      guard FDSNRetryPolicy.isTransient(response.status) else { return nil }
      let answered = "the service answered \(response.statusLine)"
      if let value = response.header("retry-after"),
        let asked = RetryAfter.delay(value, now: Date(), limit: policy.longestRetryAfter)
      {
        return RequestPacer.Hold(asked, reason: answered + " and asked to wait (Retry-After)" + again)
      }
      return RequestPacer.Hold(policy.backoff(after: attempt), reason: answered + again)
    case .failure(let error as NetworkError) where halving && Self.callsForHalving(error):
      return nil
    case .failure(let error as NetworkError):
      return RequestPacer.Hold(policy.backoff(after: attempt), reason: error.reason + again)
    case .failure(let error):
      return error is CancellationError ? nil : RequestPacer.Hold(policy.backoff(after: attempt), reason: "\(error)")
    }
  }

  /// Whether a transfer failed because the window is too big to come whole:
  /// it timed out, or grew past the largest body allowed.
  private static func callsForHalving(_ error: NetworkError) -> Bool {
    switch error.kind {
    case .timedOut, .tooLarge: true
    default: false
    }
  }

  private func observeHistory(_ outcome: Result<NetworkResponse, NetworkError>) {
    self.history.observe(outcome.map(\.status))
  }

  private static func failure(_ response: NetworkResponse, url: String, attempts: Int) -> FDSNError {
    FDSNError(
      url: url,
      cause: .status(
        code: response.status, statusLine: response.statusLine,
        message: HistoryServiceMessage.explanation(in: response.body)),
      attempts: attempts)
  }
}
