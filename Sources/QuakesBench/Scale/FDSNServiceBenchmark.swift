import Foundation
import QuakesTestSupport

/// Issue 34's goals: quakesd's FDSN event service (`http-listen`) at
/// history scale, beside datasette's JSON API on the same file.
///
/// - Under load: `quakes-bench load` keeps 32 connections busy, one request
///   in flight on each, with each ``Question`` asked with a bound of its
///   own per request (``DistinctUntil``), so no two requests are alike;
///   rounds alternate which server goes first.
/// - A long answer: 100,000 events (or every quake of a smaller
///   catalogue) in each format, one request at a time: when its first
///   event has arrived whole, its last byte, and how far quakesd's
///   resident memory rose (its peak, reset
///   first), which streaming from a cursor must keep bounded. Every answer
///   is checked to hold that many events.
struct FDSNServiceBenchmark {
  /// A question asked of both servers: the same answer from each.
  enum Question: String, CaseIterable {
    case newest100
    case countM4

    var title: String {
      switch self {
      case .newest100: "query: the newest 100 events (QuakeML, quakesd; JSON rows, datasette)"
      case .countM4: "count: M4+"
      }
    }

    /// quakesd's request target and datasette's, for request `index`.
    /// datasette serves the file as database `quakes`.
    func targets(_ index: Int) -> (ours: String, peer: String) {
      let iso = DistinctUntil.iso8601(index)
      let milliseconds = DistinctUntil.milliseconds(index)
      switch self {
      case .newest100:
        return (
          "/fdsnws/event/1/query?limit=100&endtime=\(iso)",
          "/quakes/quakes.json?_sort_desc=time&_size=100&_shape=array&_nocount=1&time__lt=\(milliseconds)"
        )
      case .countM4:
        return (
          "/fdsnws/event/1/count?minmagnitude=4&endtime=\(iso)",
          "/quakes.json?sql=select+count(*)+from+quakes+where+magnitude+%3E%3D+4+and+time+%3C+\(milliseconds)&_shape=array"
        )
      }
    }

    /// The goal of quakesd's p50, in ms.
    var p50Goal: Double {
      switch self {
      case .newest100: 5
      case .countM4: 10
      }
    }
  }

  /// The events of a long answer, and the goals of its first byte and memory.
  static let longAnswer = 100_000
  static let firstEventGoal = 50.0
  static let memoryRiseGoal = 16.0

  /// One long answer.
  struct LongAnswer {
    var format: String
    var firstEvent = Samples()
    var lastByte = Samples()
    var memoryRise = Samples()
    var megabytes = 0.0
  }

  struct Result {
    var ours: [Question: [LoadGenerator.Outcome]] = [:]
    var peer: [Question: [LoadGenerator.Outcome]] = [:]
    /// The same load on servers that only send quakesd's answer (``floor(_:runner:distinct:)``).
    var floors: [FloorServer: [LoadGenerator.Outcome]] = [:]
    /// The newest 100 of a quakesd that keeps no texts of events (``newestWithoutTexts()``).
    var withoutTexts: [LoadGenerator.Outcome] = []
    var longAnswers: [LongAnswer] = []
    var events = 0
  }

  let bench: String
  /// quakesd's HTTP port, and its process.
  let port: UInt16
  let daemon: pid_t
  /// datasette's port, or `nil` to measure quakesd alone.
  let peerPort: UInt16?
  /// Hummingbird's floor server (``FloorServer/hummingbird``), if built.
  let hummingbird: String?
  /// How many quakes the catalogue holds.
  let quakes: Int
  let rounds: Int
  let seconds: Double
  let work: String
  let connections = 32

  private var runner: LoadRunner {
    LoadRunner(
      bench: self.bench, connections: self.connections, depth: 1, seconds: self.seconds,
      warmup: min(1, self.seconds / 2))
  }

  /// More distinct requests than a run sends at 50,000 replies a second;
  /// a faster run fails (--each-once) rather than repeat one.
  private var distinct: Int { max(1_000, Int((self.seconds + 1) * 50_000)) }

  /// The newest 100, as ``run()`` asks it, of a quakesd that keeps no texts
  /// of events (`http-event-cache: 0`): each answer reads and writes its
  /// 100 events, as datasette's reads and writes its rows.
  func newestWithoutTexts() async throws -> [LoadGenerator.Outcome] {
    let file = self.work + "/fdsn-newest-without-texts.txt"
    try (0..<self.distinct).map { Question.newest100.targets($0).ours }.joined(separator: "\n")
      .write(toFile: file, atomically: true, encoding: .utf8)
    var outcomes: [LoadGenerator.Outcome] = []
    for _ in 0..<self.rounds {
      outcomes.append(
        try await self.runner.run(["--tcp", "\(self.port)", "--framing", "http", "--requests", file, "--each-once"]))
    }
    return outcomes
  }

  func run() async throws -> Result {
    var result = Result()
    let runner = self.runner
    let distinct = self.distinct
    for question in Question.allCases {
      let targets = (0..<distinct).map(question.targets)
      let oursFile = self.work + "/fdsn-\(question.rawValue)-ours.txt"
      let peerFile = self.work + "/fdsn-\(question.rawValue)-peer.txt"
      try targets.map(\.ours).joined(separator: "\n").write(toFile: oursFile, atomically: true, encoding: .utf8)
      try targets.map(\.peer).joined(separator: "\n").write(toFile: peerFile, atomically: true, encoding: .utf8)
      for round in 0..<self.rounds {
        var runs: [() async throws -> Void] = [
          {
            let outcome = try await runner.run(
              ["--tcp", "\(self.port)", "--framing", "http", "--requests", oursFile, "--each-once"])
            result.ours[question, default: []].append(outcome)
          }
        ]
        if question == .newest100 {
          for server in FloorServer.allCases {
            runs.append {
              if let outcome = try await self.floor(server, runner: runner, distinct: distinct) {
                result.floors[server, default: []].append(outcome)
              }
            }
          }
        }
        if let peerPort = self.peerPort {
          runs.append {
            try await LoadRunner.settle(port: peerPort, probe: "/quakes/quakes.json?_size=1&_shape=array")
            let outcome = try await runner.run(
              ["--tcp", "\(peerPort)", "--framing", "http", "--requests", peerFile, "--each-once"])
            result.peer[question, default: []].append(outcome)
          }
        }
        for index in runs.indices {
          try await runs[(index + round) % runs.count]()
        }
      }
    }
    result.events = min(Self.longAnswer, self.quakes)
    for format in ["xml", "text", "geojson"] {
      var answer = LongAnswer(format: format)
      for round in 0..<self.rounds {
        try self.measureLongAnswer(format: format, events: result.events, round: round, into: &answer)
      }
      result.longAnswers.append(answer)
    }
    return result
  }

  /// One answer of `events` events in `format`, asked over HTTP/1.0 (its
  /// body ends with the connection, unchunked, so that the events can be
  /// counted as the bytes come).
  private func measureLongAnswer(format: String, events: Int, round: Int, into answer: inout LongAnswer) throws {
    let before = try ProcessMemory(of: self.daemon).resident
    let peakWasReset =
      (try? "5".write(toFile: "/proc/\(self.daemon)/clear_refs", atomically: false, encoding: .utf8)) != nil
    let socket = try LoadConnection.connectedTCPSocket(port: self.port)
    defer { close(socket) }
    let target =
      "/fdsnws/event/1/query?format=\(format)&limit=\(events)&endtime=\(DistinctUntil.iso8601(round))"
    let start = ContinuousClock.now
    try FullListBenchmark.send(Array("GET \(target) HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n".utf8), to: socket)
    var counter = EventCounter(format: format)
    var firstEvent: Double?
    let (_, bytes) = try FullListBenchmark.receive(from: socket, since: start) { chunk in
      counter.add(chunk)
      if firstEvent == nil, counter.events > 0 { firstEvent = FullListBenchmark.milliseconds(since: start) }
      return false
    }
    let lastByte = FullListBenchmark.milliseconds(since: start)
    guard counter.isOK, counter.events == events else {
      throw MeasuredRun.Failure(
        description:
          "\(target): \(counter.events) events (status line \(String(decoding: counter.head.prefix(40), as: UTF8.self))), not \(events)"
      )
    }
    answer.firstEvent.append(firstEvent ?? lastByte)
    answer.lastByte.append(lastByte)
    answer.megabytes = Double(bytes) / 1_048_576
    if peakWasReset { answer.memoryRise.append(max(0, try ProcessMemory(of: self.daemon).peak - before)) }
  }

  /// Counts the events of an answer as its bytes come, without holding
  /// them: after the response's head, the marker that starts each event
  /// in the format (for text, each row's line end; the header is one more).
  private struct EventCounter {
    private static let headEnd = Array("\r\n\r\n".utf8)
    private let marker: [UInt8]
    private let isText: Bool
    private var matched = 0
    private var markers = 0
    /// The response's head, until it is whole.
    private(set) var head: [UInt8] = []
    private var inBody = false

    init(format: String) {
      self.isText = format == "text"
      switch format {
      case "xml": self.marker = Array("<event publicID".utf8)
      case "text": self.marker = Array("\n".utf8)
      // A feature's keys are sorted: `"type":"Feature"}` ends each.
      default: self.marker = Array(#"Feature"}"#.utf8)
      }
    }

    /// Whether the answer is a 200.
    var isOK: Bool { self.head.starts(with: Array("HTTP/1.0 200".utf8)) }

    /// The events counted so far.
    var events: Int { self.isText ? max(0, self.markers - 1) : self.markers }

    mutating func add(_ chunk: ArraySlice<UInt8>) {
      var body = chunk
      if !self.inBody {
        self.head += chunk
        guard let end = self.head.firstRange(of: Self.headEnd) else { return }
        body = self.head[end.upperBound...]
        self.head.removeSubrange(end.upperBound...)
        self.inBody = true
      }
      for byte in body {
        // Each marker's first byte does not recur in it, so a failed
        // match can start again at this byte.
        if byte == self.marker[self.matched] {
          self.matched += 1
        } else {
          self.matched = byte == self.marker[0] ? 1 : 0
        }
        if self.matched == self.marker.count {
          self.markers += 1
          self.matched = 0
        }
      }
    }
  }
}
