import Foundation
import QuakesData
import QuakesModel
import QuakesTestSupport
import QuakesUSGS
import Synchronization
import Testing
import USGSStandIn

/// The remote store's FDSN queries over real HTTP against the stand-in:
/// counts, windows, the limit, the service's backoff, and its errors.
@Suite("USGSRemoteStore: FDSN count and query against the stand-in", .timeLimit(.minutes(3)))
struct RemoteStoreHistoryTests {
  private static let since: Int64 = 1_577_836_800_000
  private static let until: Int64 = 1_580_515_200_000

  private func store(
    on standIn: USGSStandIn, totalTimeout: Duration = .seconds(30), maximumResponseSize: Int = 64 << 20,
    attempts: Int = 3, firstBackoff: Duration = .milliseconds(50),
    pacer: RequestPacer = RequestPacer(interval: .milliseconds(1)),
    observe: @escaping @Sendable (Result<Int, NetworkError>) -> Void = { _ in }
  ) throws -> USGSRemoteStore<CurlNetworkSession> {
    USGSRemoteStore(
      catalogue: try USGSFeedCatalogue(baseURL: standIn.baseURL),
      configuration: CurlNetworkSession.Configuration(
        totalTimeout: totalTimeout, maximumResponseSize: maximumResponseSize),
      history: FDSNAccess(
        service: try FDSNService(baseURL: standIn.fdsnBaseURL), pacer: pacer,
        retry: FDSNRetryPolicy(attempts: attempts, firstBackoff: firstBackoff), observe: observe))
  }

  private func event(_ id: String, at milliseconds: Int64, magnitude: Double = 3) -> FDSNEvent {
    FDSNEvent(
      id: id, time: Timestamp.date(milliseconds: milliseconds), magnitude: magnitude, latitude: 35, longitude: -118,
      depth: 10)
  }

  @Test("an event exactly on the boundary of two windows belongs to the later one only")
  func boundaries() async throws {
    let middle = Self.since + (Self.until - Self.since) / 2
    try await withUSGSStandIn { standIn in
      standIn.setFDSNCatalogue(
        FDSNCatalogue(events: [
          self.event("first", at: Self.since), self.event("edge", at: middle), self.event("last", at: Self.until - 1),
          self.event("after", at: Self.until),
        ]))
      let store = try self.store(on: standIn)
      let query = HistoryQuery(since: Self.since, until: Self.until)
      let (earlier, later) = try #require(HistoryWindow(start: Self.since, end: Self.until).halves)
      #expect(try await store.countRemoteQuakesQuery(history: query, window: earlier).count == 1)
      #expect(try await store.countRemoteQuakesQuery(history: query, window: later).count == 2)
      let fetched =
        try await store.fetchRemoteQuakesQuery(history: query, window: earlier).quakes.map(\.id)
        + store.fetchRemoteQuakesQuery(history: query, window: later).quakes.map(\.id)
      #expect(fetched == ["first", "edge", "last"])
    }
  }

  @Test("a window above the service's limit is HistoryWindowTooLarge, naming the limit")
  func tooLarge() async throws {
    try await withUSGSStandIn { standIn in
      standIn.setFDSNCatalogue(
        FDSNCatalogue(events: (0..<30).map { self.event("e\($0)", at: Self.since + Int64($0) * 1_000) }))
      standIn.setFDSNMaximum(20)
      let store = try self.store(on: standIn)
      let window = HistoryWindow(start: Self.since, end: Self.until)
      let count = try await store.countRemoteQuakesQuery(history: HistoryQuery(since: 0, until: 1), window: window)
      #expect(count == HistoryCount(count: 30, maximum: 20))
      await #expect(throws: HistoryWindowTooLarge(maximum: 20)) {
        _ = try await store.fetchRemoteQuakesQuery(history: HistoryQuery(since: 0, until: 1), window: window)
      }
    }
  }

  @Test("503 with Retry-After is waited out, then the answer comes; the same URL is asked again")
  func serviceUnavailable() async throws {
    try await withUSGSStandIn { standIn in
      standIn.setFDSNCatalogue(FDSNCatalogue(events: [self.event("a", at: Self.since)]))
      standIn.failFDSN(next: 1, status: 503, retryAfter: "1")
      let store = try self.store(on: standIn)
      let window = HistoryWindow(start: Self.since, end: Self.until)
      let count = try await store.countRemoteQuakesQuery(history: HistoryQuery(since: 0, until: 1), window: window)
      #expect(count.count == 1)
      let requests = standIn.fdsnRequests
      #expect(requests.count == 2)
      #expect(requests[0].uri == requests[1].uri)
      #expect(requests[1].receivedAt.timeIntervalSince(requests[0].receivedAt) >= 0.95)
    }
  }

  @Test("a service that keeps failing is an FDSNError after the policy's attempts, with the status and message")
  func failsForGood() async throws {
    try await withUSGSStandIn { standIn in
      standIn.setFDSNCatalogue(FDSNCatalogue(events: []))
      standIn.failFDSN(next: 5, status: 500)
      let store = try self.store(on: standIn, attempts: 3)
      let window = HistoryWindow(start: Self.since, end: Self.until)
      do {
        _ = try await store.countRemoteQuakesQuery(history: HistoryQuery(since: 0, until: 1), window: window)
        Issue.record("a failing service gave a count")
      } catch let error as FDSNError {
        #expect(error.attempts == 3)
        #expect(error.errorDescription?.contains("failed after 3 attempts: the service answered HTTP/1.1 500") == true)
      }
      #expect(standIn.fdsnRequests.count == 3)
    }
  }

  @Test("a bad request is not repeated: the service's explanation is in the error")
  func badRequest() async throws {
    try await withUSGSStandIn { standIn in
      standIn.setFDSNCatalogue(FDSNCatalogue(events: []))
      let store = try self.store(on: standIn)
      var query = HistoryQuery(since: 0, until: 1)
      query.near = HistoryQuery.HistoryCircle(latitude: 95, longitude: 0, radiusKm: 10)
      do {
        _ = try await store.countRemoteQuakesQuery(
          history: query, window: HistoryWindow(start: Self.since, end: Self.until))
        Issue.record("a latitude of 95 was counted")
      } catch let error as FDSNError {
        #expect(error.attempts == 1)
        guard case .status(400, _, let message) = error.cause else {
          Issue.record("not a 400: \(error)")
          return
        }
        #expect(message?.contains("latitude") == true, "\(String(describing: message))")
      }
      #expect(standIn.fdsnRequests.count == 1)
    }
  }

  @Test("a window whose transfer times out is to be halved, not asked for whole again")
  func timeoutHalves() async throws {
    try await withUSGSStandIn { standIn in
      standIn.setFDSNCatalogue(FDSNCatalogue(events: [self.event("a", at: Self.since)]))
      standIn.setFDSNDelay(.seconds(3))
      let store = try self.store(on: standIn, totalTimeout: .seconds(1))
      await #expect(throws: HistoryWindowTooLarge.self) {
        _ = try await store.fetchRemoteQuakesQuery(
          history: HistoryQuery(since: 0, until: 1), window: HistoryWindow(start: Self.since, end: Self.until, count: 5)
        )
      }
      #expect(standIn.fdsnRequests.count == 1)
    }
  }

  @Test("a window whose answer grows past the largest body allowed is to be halved, at once")
  func oversizedAnswerHalves() async throws {
    try await withUSGSStandIn { standIn in
      standIn.setFDSNCatalogue(
        FDSNCatalogue.generated(
          count: 200, from: Timestamp.date(milliseconds: Self.since), to: Timestamp.date(milliseconds: Self.until)))
      let outcomes = Mutex<[Result<Int, NetworkError>]>([])
      let pacer = RequestPacer(interval: .milliseconds(1))
      // A backoff would hold the next request (the count of a half) for 40 s.
      let store = try self.store(
        on: standIn, maximumResponseSize: 4_096, firstBackoff: .seconds(40), pacer: pacer,
        observe: { outcome in outcomes.withLock { $0.append(outcome) } })
      await #expect(throws: HistoryWindowTooLarge.self) {
        _ = try await store.fetchRemoteQuakesQuery(
          history: HistoryQuery(since: 0, until: 1),
          window: HistoryWindow(start: Self.since, end: Self.until, count: 200))
      }
      #expect(standIn.fdsnRequests.count == 1, "not asked for whole again")
      #expect(pacer.waiting() == nil, "the oversized answer holds no request back")
      let half = try #require(HistoryWindow(start: Self.since, end: Self.until).halves?.0)
      let count = try await store.countRemoteQuakesQuery(history: HistoryQuery(since: 0, until: 1), window: half)
      #expect(count.count > 0)
      let seen = outcomes.withLock { $0 }
      #expect(seen.count == 2, "one oversized answer, then the half's count at its first attempt: \(seen)")
      if case .failure(let error) = seen.first {
        #expect(error.kind == .tooLarge(limit: 4_096), "\(error)")
      } else {
        Issue.record("the whole window's answer was not refused as too large: \(seen)")
      }
    }
  }

  @Test("a single-event window that times out is a failure after the policy's attempts: it cannot be halved")
  func singleEventTimeoutFails() async throws {
    try await withUSGSStandIn { standIn in
      standIn.setFDSNCatalogue(FDSNCatalogue(events: [self.event("a", at: Self.since)]))
      standIn.setFDSNDelay(.seconds(3))
      let store = try self.store(on: standIn, totalTimeout: .milliseconds(500), attempts: 2)
      await #expect(throws: FDSNError.self) {
        _ = try await store.fetchRemoteQuakesQuery(
          history: HistoryQuery(since: 0, until: 1), window: HistoryWindow(start: Self.since, end: Self.until, count: 1)
        )
      }
      #expect(standIn.fdsnRequests.count == 2)
    }
  }
}
