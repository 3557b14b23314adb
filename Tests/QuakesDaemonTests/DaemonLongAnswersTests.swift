import Foundation
import QuakesClient
import QuakesTestSupport
import Testing

/// Long answers (a `quakes.list` with no limit, an FDSN `query` of more
/// than a page) each read from a cursor of their own: at most four at once
/// a face, the rest waiting, and a slot given back the moment its client
/// disconnects in the middle of the answer (`quakesd_long_answers`).
@Suite("Long answers: four at once a face, a slot given back when its client goes", .timeLimit(.minutes(3)))
struct DaemonLongAnswersTests {
  /// A long answer asked for and never read: 10,000 events, megabytes more
  /// than the socket buffers take, so its writer waits for the client.
  enum Face: String, CaseIterable, Sendable {
    case socket, fdsn
  }

  /// A client that asked for a long answer and does not read it.
  final class StalledClient {
    private let connection: AnyObject

    init(_ face: Face, _ daemon: QuakesdProcess, port: Int) throws {
      switch face {
      case .socket:
        let connection = try daemon.query()
        try connection.send(#"{"method":"quakes.list"}"# + "\n")
        self.connection = connection
      case .fdsn:
        let connection = try TCPTestClient(port: port)
        #expect(connection.send("GET /fdsnws/event/1/query HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"))
        self.connection = connection
      }
    }
  }

  /// The FDSN service's port, from the daemon's log.
  static func port(of daemon: QuakesdProcess) throws -> Int {
    let line = try #require(daemon.child.printed.first { $0.contains("serving the FDSN event service on ") })
    let address = try #require(line.split(separator: "/").dropFirst().first)
    return try #require(address.split(separator: ":").last.flatMap { Int($0) })
  }

  /// Waits until `face`'s long answers are `writing` and `waiting`.
  static func waitForAnswers(
    _ daemon: QuakesdProcess, _ face: Face, writing: Int, waiting: Int, _ comment: Comment
  ) async throws {
    func value(_ state: String) async throws -> Int? {
      try await daemon.metric(#"quakesd_long_answers{face="\#(face.rawValue)",state="\#(state)"}"#).map { Int($0) }
    }
    var last: (Int?, Int?) = (nil, nil)
    let seen = try await poll(until: .now + .seconds(30), every: .milliseconds(50)) {
      last = (try await value("writing"), try await value("waiting"))
      return last == (writing, waiting)
    }
    #expect(seen, "\(comment): writing and waiting are \(last), not \((writing, waiting))")
  }

  @Test(
    "four clients that do not read hold the four slots; a fifth waits, and takes the slot of one that disconnects",
    arguments: Face.allCases)
  func slots(face: Face) async throws {
    try await withDaemon(serving: SyntheticFeed.ids(10_000), arguments: ["--http-listen", "0"]) { daemon, _ in
      try await daemon.child.waitForLine { $0.contains("polled all_day: 10000 inserted") }
      let port = try Self.port(of: daemon)
      var stalled = try (0..<4).map { _ in try StalledClient(face, daemon, port: port) }
      try await Self.waitForAnswers(daemon, face, writing: 4, waiting: 0, "four answers")
      var fifth: StalledClient? = try StalledClient(face, daemon, port: port)
      try await Self.waitForAnswers(daemon, face, writing: 4, waiting: 1, "the fifth waits")
      if face == .fdsn {
        // A HEAD reads no events: it is answered while every slot is taken.
        let head = try TCPTestClient(port: port)
        #expect(head.send("HEAD /fdsnws/event/1/query HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"))
        let answer = try await head.readToEnd(before: .now + .seconds(10))
        #expect(answer?.hasPrefix("HTTP/1.1 200 OK\r\n") == true, "\(answer ?? "no answer")")
        #expect(answer?.lowercased().contains("transfer-encoding: chunked") == true)
        #expect(answer?.range(of: "\r\n\r\n")?.upperBound == answer?.endIndex, "the head alone, no body")
      }
      // One disconnects in the middle of its answer: the fifth takes its slot.
      stalled.removeFirst()
      try await Self.waitForAnswers(daemon, face, writing: 4, waiting: 0, "the fifth is answered")
      stalled.removeAll()
      fifth = nil
      try await Self.waitForAnswers(daemon, face, writing: 0, waiting: 0, "every slot given back")
      _ = fifth
      // The daemon answers on.
      let count = try await daemon.query().call(#"{"method":"quakes.count"}"#)
      #expect(count.result?["count"] as? Int == 10_000)
    }
  }
}
