import Clocks
import Foundation
import QuakesData
import QuakesModel
import QuakesUSGS
import Testing

/// The small parts of the FDSN client, each on its own: the URLs of a
/// window, `Retry-After`, the count answer, the service's error page, and
/// the pacer that keeps requests one at a time and apart.
@Suite("FDSN client parts: URLs, Retry-After, answers, pacing")
struct FDSNPartsTests {
  @Test("a window's URLs: its start, the millisecond before its end (FDSN's endtime is inclusive), the filters encoded")
  func urls() throws {
    let service = try FDSNService(baseURL: "http://mirror.example/fdsnws/event/1")
    var query = HistoryQuery(since: 0, until: 1)
    query.minMagnitude = 2.5
    query.eventType = "quarry blast"
    let window = HistoryWindow(start: 1_577_836_800_000, end: 1_580_515_200_000)
    #expect(
      service.countURL(query, window: window)
        == "http://mirror.example/fdsnws/event/1/count?format=geojson&starttime=2020-01-01T00:00:00.000"
        + "&endtime=2020-01-31T23:59:59.999&minmagnitude=2.5&eventtype=quarry%20blast")
    #expect(
      service.queryURL(query, window: window)
        == "http://mirror.example/fdsnws/event/1/query?format=geojson&starttime=2020-01-01T00:00:00.000"
        + "&endtime=2020-01-31T23:59:59.999&minmagnitude=2.5&eventtype=quarry%20blast&orderby=time-asc")
    #expect(FDSNService().baseURL == "https://earthquake.usgs.gov/fdsnws/event/1/")
    #expect(throws: USGSFeedCatalogueError.self) { try FDSNService(baseURL: "ftp://mirror.example/") }
  }

  @Test("Retry-After: seconds, an HTTP date, capped; a negative or unreadable value is ignored")
  func retryAfter() {
    let now = Date(timeIntervalSince1970: 1_700_000_000)
    let limit = Duration.seconds(3_600)
    #expect(RetryAfter.delay("120", now: now, limit: limit) == .seconds(120))
    #expect(RetryAfter.delay(" 0 ", now: now, limit: limit) == .zero)
    #expect(RetryAfter.delay("99999999", now: now, limit: limit) == limit)
    #expect(RetryAfter.delay("-5", now: now, limit: limit) == nil)
    #expect(RetryAfter.delay("soon", now: now, limit: limit) == nil)
    #expect(RetryAfter.delay("99999999999999999999999", now: now, limit: limit) == nil)
    // 2023-11-14T22:13:50Z is 30 s after `now`.
    #expect(RetryAfter.delay("Tue, 14 Nov 2023 22:13:50 GMT", now: now, limit: limit) == .seconds(30))
    #expect(RetryAfter.delay("Tue, 14 Nov 2023 22:00:00 GMT", now: now, limit: limit) == .zero, "a past date: now")
  }

  @Test("the count answer is range-checked where it enters")
  func countAnswer() {
    func read(_ text: String) -> (Int, Int)? {
      HistoryCountAnswer(Array(text.utf8)).map { ($0.count, $0.maximum) }
    }
    #expect(read(#"{"count":45000,"maxAllowed":20000}"#)! == (45_000, 20_000))
    #expect(read(#"{"count":0,"maxAllowed":1}"#)! == (0, 1))
    for bad in [
      #"{"count":-1,"maxAllowed":20000}"#, #"{"count":1.5,"maxAllowed":20000}"#, #"{"count":1,"maxAllowed":0}"#,
      #"{"count":1e300,"maxAllowed":20000}"#, #"{"count":"1","maxAllowed":20000}"#, #"{"count":1}"#, "12\n",
      "<html>", "",
    ] {
      #expect(read(bad) == nil, "\(bad)")
    }
  }

  @Test("the service's error page: its explanation, with LF or CRLF, and the limit it names")
  func errorPage() {
    let page =
      "Error 400: Bad Request\n\n20001 matching events exceeds search limit of 20000. Modify the search to match "
      + "fewer events.\n\nUsage details are available from https://earthquake.usgs.gov/fdsnws/event/1\n"
    for body in [page, page.replacingOccurrences(of: "\n", with: "\r\n")] {
      let bytes = Array(body.utf8)
      #expect(
        HistoryServiceMessage.explanation(in: bytes)
          == "20001 matching events exceeds search limit of 20000. Modify the search to match fewer events.")
      #expect(HistoryServiceMessage.isTooManyEvents(bytes))
      #expect(HistoryServiceMessage.maximum(in: bytes) == 20_000)
    }
    let other = Array("Error 400: Bad Request\n\nBad minmagnitude value \"x\".\n".utf8)
    #expect(HistoryServiceMessage.explanation(in: other) == "Bad minmagnitude value \"x\".")
    #expect(!HistoryServiceMessage.isTooManyEvents(other))
    #expect(HistoryServiceMessage.explanation(in: []) == nil)
    #expect(HistoryServiceMessage.explanation(in: [0x01, 0x02]) == nil, "control characters are not a message")
  }

  /// The start and end of each request a pacer ran, in order, on the
  /// pacer's clock.
  private actor Timeline {
    let clock: ElapsedClock
    var spans: [(start: Duration, end: Duration)] = []
    var running = 0
    var mostAtOnce = 0

    init(clock: ElapsedClock) {
      self.clock = clock
    }

    func begin() -> Duration {
      self.running += 1
      self.mostAtOnce = max(self.mostAtOnce, self.running)
      return self.clock.now
    }

    func end(_ start: Duration) {
      self.running -= 1
      self.spans.append((start, self.clock.now))
    }
  }

  @Test("the pacer runs one request at a time, each exactly the interval after the last ended")
  func pacerSpacesRequests() async throws {
    // A clock whose sleeps return at once with its time moved on: the
    // spans are the pacer's arithmetic, not the machine's speed.
    let clock = ImmediateClock()
    let elapsed = ElapsedClock(clock)
    let pacer = RequestPacer(interval: .milliseconds(100), clock: elapsed)
    let timeline = Timeline(clock: elapsed)
    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<4 {
        group.addTask {
          try await pacer.run {
            let start = await timeline.begin()
            try await elapsed.sleep(for: .milliseconds(20))
            await timeline.end(start)
          }
        }
      }
      try await group.waitForAll()
    }
    let spans = await timeline.spans
    #expect(spans.count == 4)
    #expect(await timeline.mostAtOnce == 1)
    for (earlier, later) in zip(spans, spans.dropFirst()) {
      #expect(later.start - earlier.end == .milliseconds(100))
      #expect(later.end - later.start == .milliseconds(20))
    }
  }

  @Test("a hold a request's outcome asks for (a Retry-After) delays the request already waiting, too")
  func pacerHoldsTheNextRequest() async throws {
    let clock = ImmediateClock()
    let elapsed = ElapsedClock(clock)
    let pacer = RequestPacer(interval: .milliseconds(10), clock: elapsed)
    let timeline = Timeline(clock: elapsed)
    let firstBegan = AsyncStream<Void>.makeStream()
    let first = Task {
      try await pacer.run(
        {
          let start = await timeline.begin()
          firstBegan.continuation.yield()
          try await elapsed.sleep(for: .milliseconds(50))
          await timeline.end(start)
          return 429
        }, holdingAfter: { _ in RequestPacer.Hold(.milliseconds(400), reason: "the service answered 429") })
    }
    // The second asks once the first holds the pacer.
    _ = await firstBegan.stream.first { _ in true }
    let second = Task {
      try await pacer.run {
        let start = await timeline.begin()
        await timeline.end(start)
        // Until this request ends, the hold it waited out is the last one.
        return pacer.waiting(at: .distantPast)?.reason
      }
    }
    #expect(try await first.value == 429)
    #expect(try await second.value == "the service answered 429", "the hold in force, and why")
    let spans = await timeline.spans
    #expect(spans.count == 2)
    #expect(spans[1].start - spans[0].end == .milliseconds(400))
    #expect(pacer.waiting(at: .distantPast) == nil, "the second request asked for no hold")
  }

  @Test("a request cancelled while it waits throws CancellationError, sends nothing, and the pacer goes on")
  func pacerCancellation() async throws {
    // A clock that never moves unless told: the second request waits for good.
    let clock = TestClock()
    let elapsed = ElapsedClock(clock)
    let pacer = RequestPacer(interval: .milliseconds(300), clock: elapsed)
    let timeline = Timeline(clock: elapsed)
    _ = try await pacer.run { 1 }
    let waiting = Task {
      try await pacer.run {
        let start = await timeline.begin()
        await timeline.end(start)
        return 2
      }
    }
    waiting.cancel()
    await #expect(throws: CancellationError.self) { _ = try await waiting.value }
    let next = Task {
      try await pacer.run {
        let start = await timeline.begin()
        await timeline.end(start)
        return 3
      }
    }
    // Once the next request sleeps: advanced first, to its deadline exactly, it would sleep for good.
    try await clock.advanceOnceSleeping(by: .milliseconds(300))
    #expect(try await next.value == 3)
    #expect(await timeline.spans.count == 1, "the cancelled request was never sent")
  }

}
