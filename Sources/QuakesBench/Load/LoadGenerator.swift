import Foundation

/// `quakes-bench load`: the load generator of the served-query comparison, a
/// process of its own so that its work is not counted as the server's, and
/// code of its own (raw sockets and `poll`, no QuakesClient or NIO; of
/// quakesd's code only ``UnixSocketAddress``) so that it is not the code
/// under test.
///
/// Why not QuakesClient's ``LineConnection``, the line client quakectl and
/// the tests share: that one is blocking, one request in flight, Unix
/// sockets only. This one keeps several requests in flight on each
/// connection, multiplexes every connection in one thread, and speaks HTTP
/// over TCP to datasette. Measured against the same release quakesd
/// (99,015 quakes, 32 connections, 3 runs of 5 s plus 1 s of warm-up, on 2
/// CPUs the server shares): 32 threads each with a `LineConnection` took a
/// median 4.1 CPU-seconds a run on `quakes.list` and 3.3 on `quakes.count`,
/// against 2.1 and 1.9 for this generator with one request in flight and
/// 2.4 and 1.5 with four; and the pipelined runs the report needs
/// (`--depth 4`) cannot be made with it.
///
/// It opens `connections` connections, keeps `depth` requests in flight on
/// each (pipelined: the next is sent before the previous reply arrives),
/// cycles through the request lines of a file, and runs for a warm-up and
/// then `seconds`; the replies that arrive in those seconds count. A
/// request's latency runs from when it is queued to when
/// its reply's last byte is read, so it includes the time it waits behind
/// the requests ahead of it on its connection. It prints one JSON object
/// (``Outcome``), including its own CPU time, so the report can show how
/// much of the machine the generator itself took.
///
///     quakes-bench load (--unix PATH | --tcp PORT) --framing lines|http --requests FILE
///                       [--connections 32] [--depth 4] [--seconds 5] [--warmup 1] [--each-once]
///
/// With `--framing lines` each line of FILE is sent as it is (a quakesd
/// request); with `http`, each line is a request target sent as
/// `GET TARGET HTTP/1.1`. With `--each-once` no line is sent twice, so a
/// file of distinct requests gives a run of distinct requests: a run that
/// needs more than the file holds fails instead of repeating one.
struct LoadGenerator {
  let target: LoadTarget
  let framing: ResponseFraming
  let requests: [[UInt8]]
  var connections = 32
  var depth = 4
  var seconds = 5.0
  var warmup = 1.0
  /// Whether each request line may be sent only once (`--each-once`).
  var eachOnce = false

  /// What one run measured.
  struct Outcome: Codable {
    /// Replies received after the warm-up.
    var replies = 0
    /// Of those, error replies (an error line, a status other than 200).
    var errors = 0
    var seconds = 0.0
    /// Replies per second.
    var throughput = 0.0
    /// Latency percentiles, in milliseconds.
    var p50 = 0.0, p99 = 0.0, max = 0.0
    /// The generator's own CPU time (user + system) over the whole run, in seconds.
    var generatorCPUSeconds = 0.0
  }

  /// Why the load could not be run.
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  static func main(arguments: [String]) -> Int32 {
    do {
      let generator = try self.parse(arguments)
      let outcome = try generator.run()
      let encoder = JSONEncoder()
      encoder.outputFormatting = .sortedKeys
      print(String(decoding: try encoder.encode(outcome), as: UTF8.self))
      return 0
    } catch {
      FileHandle.standardError.write(Data("quakes-bench load: \(error)\n".utf8))
      return 1
    }
  }

  private static func parse(_ arguments: [String]) throws -> LoadGenerator {
    var options: [String: String] = [:]
    var eachOnce = false
    var remaining = arguments[...]
    while let name = remaining.popFirst() {
      if name == "--each-once" {
        eachOnce = true
        continue
      }
      guard name.hasPrefix("--"), let value = remaining.popFirst() else {
        throw Failure(description: "expected --option value, got \(name)")
      }
      options[String(name.dropFirst(2))] = value
    }
    let target: LoadTarget
    if let path = options["unix"] {
      target = .unix(path)
    } else if let port = options["tcp"].flatMap({ UInt16($0) }) {
      target = .tcp(port)
    } else {
      throw Failure(description: "give --unix PATH or --tcp PORT")
    }
    guard let framing = options["framing"].flatMap(ResponseFraming.init(rawValue:)) else {
      throw Failure(description: "give --framing lines or --framing http")
    }
    guard let file = options["requests"], let text = try? String(contentsOfFile: file, encoding: .utf8) else {
      throw Failure(description: "give --requests FILE, a readable file of request lines")
    }
    let requests = text.split(separator: "\n").map { line in
      framing == .http ? Array("GET \(line) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8) : Array("\(line)\n".utf8)
    }
    guard !requests.isEmpty else { throw Failure(description: "\(file) holds no request") }
    var generator = LoadGenerator(target: target, framing: framing, requests: requests)
    generator.eachOnce = eachOnce
    if let value = options["connections"].flatMap({ Int($0) }) { generator.connections = max(1, value) }
    if let value = options["depth"].flatMap({ Int($0) }) { generator.depth = max(1, value) }
    if let value = options["seconds"].flatMap({ Double($0) }) { generator.seconds = max(0.1, value) }
    if let value = options["warmup"].flatMap({ Double($0) }) { generator.warmup = max(0, value) }
    return generator
  }

  func run() throws -> Outcome {
    let connections = try (0..<self.connections).map { _ in try LoadConnection(self.target) }
    let clock = ContinuousClock()
    let start = clock.now
    let measuredFrom = start + .milliseconds(Int64(self.warmup * 1_000))
    let end = measuredFrom + .milliseconds(Int64(self.seconds * 1_000))
    var next = 0
    for connection in connections {
      for _ in 0..<self.depth {
        connection.enqueue(try self.request(number: next), at: clock.now)
        next += 1
      }
    }
    var latencies: [Double] = []
    var outcome = Outcome()
    var descriptors = connections.map { pollfd(fd: $0.descriptor, events: 0, revents: 0) }
    while clock.now < end || connections.contains(where: { $0.pending > 0 }) {
      guard clock.now < end + .seconds(30) else {
        throw Failure(description: "replies still missing 30 s after the end")
      }
      for index in connections.indices {
        descriptors[index].events = Int16(POLLIN) | (connections[index].wantsToWrite ? Int16(POLLOUT) : 0)
      }
      guard poll(&descriptors, nfds_t(descriptors.count), 100) >= 0 || errno == EINTR else {
        throw Failure(description: "poll: \(String(cString: strerror(errno)))")
      }
      for index in connections.indices where descriptors[index].revents != 0 {
        let connection = connections[index]
        if descriptors[index].revents & Int16(POLLOUT) != 0 { try connection.flush() }
        guard descriptors[index].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 else { continue }
        let now = clock.now
        for reply in try connection.receive(framing: self.framing) {
          // Replies that arrive in the measured window count, whenever
          // they were sent: a query slower than the warm-up still gets a
          // throughput (its latency includes its wait in line).
          if now >= measuredFrom, now <= end {
            latencies.append((now - reply.sentAt).milliseconds)
            if reply.isError { outcome.errors += 1 }
          }
          if now < end {
            connection.enqueue(try self.request(number: next), at: now)
            next += 1
          }
        }
        try connection.flush()
      }
    }
    latencies.sort()
    outcome.replies = latencies.count
    outcome.seconds = self.seconds
    outcome.throughput = Double(latencies.count) / self.seconds
    if !latencies.isEmpty {
      outcome.p50 = latencies[latencies.count / 2]
      outcome.p99 = latencies[min(latencies.count - 1, latencies.count * 99 / 100)]
      outcome.max = latencies[latencies.count - 1]
    }
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    outcome.generatorCPUSeconds =
      Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec)
      / 1e6
    return outcome
  }

  /// Request number `number` of the run: the file's lines in turn, cycling,
  /// or with ``eachOnce`` each line once.
  ///
  /// - Throws: with ``eachOnce``, when the run needs more requests than the file holds.
  func request(number: Int) throws -> [UInt8] {
    if self.eachOnce, number >= self.requests.count {
      throw Failure(
        description:
          "the run needed more than the \(self.requests.count) distinct requests of its file (--each-once): give a longer file"
      )
    }
    return self.requests[number % self.requests.count]
  }
}
