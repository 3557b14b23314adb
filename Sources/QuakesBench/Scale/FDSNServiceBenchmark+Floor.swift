import Foundation
import QuakesTestSupport

extension FDSNServiceBenchmark {
  /// A server that sends quakesd's answer to the newest 100 from memory,
  /// the same bytes to every request: what the HTTP layer alone allows
  /// under the same load, with no database, no encoding behind it. Not
  /// peers but floors: quakesd, which also reads and writes the events,
  /// cannot answer faster than a server that only sends them.
  enum FloorServer: String, CaseIterable, Sendable {
    /// The stand-in for USGS (`usgs-standin --no-gzip`): one swift-nio
    /// handler on the event loop, no task behind it.
    case standIn
    /// quakesd's own HTTP listener (`quakes-bench serve`), as the FDSN
    /// service runs it, its handler giving the bytes.
    case listener
    /// Hummingbird 2's `Application` with one route (`hummingbird-floor`,
    /// built by `make bench-peers`).
    case hummingbird

    var title: String {
      switch self {
      case .standIn: "the stand-in for USGS (one swift-nio handler)"
      case .listener: "quakesd's HTTP listener (`quakes-bench serve`)"
      case .hummingbird: "Hummingbird 2 (`hummingbird-floor`)"
      }
    }
  }

  /// The same load as the newest 100 on `server` sending quakesd's answer;
  /// `nil` when the server is not built (Hummingbird without `make bench-peers`).
  func floor(_ server: FloorServer, runner: LoadRunner, distinct: Int) async throws -> LoadGenerator.Outcome? {
    let directory = URL(fileURLWithPath: self.bench).deletingLastPathComponent().path
    let feeds = self.work + "/floor"
    let answer = feeds + "/all_day.geojson"
    if !FileManager.default.fileExists(atPath: answer) {
      try FileManager.default.createDirectory(atPath: feeds, withIntermediateDirectories: true)
      try Data(try self.answer(Question.newest100.targets(0).ours, events: 100)).write(
        to: URL(fileURLWithPath: answer))
    }
    let (executable, arguments): (String, [String])
    switch server {
    case .standIn: (executable, arguments) = (directory + "/usgs-standin", ["--no-gzip", feeds])
    case .listener: (executable, arguments) = (self.bench, ["serve", answer])
    case .hummingbird:
      guard let hummingbird = self.hummingbird else { return nil }
      (executable, arguments) = (hummingbird, [answer])
    }
    return try await withChildProcess(executable: executable, arguments: arguments) { process in
      let base = try await process.waitForLine { $0.hasPrefix("http") }
      guard let url = URL(string: base.trimmingCharacters(in: .whitespaces)), let port = url.port else {
        throw MeasuredRun.Failure(description: "\(server.title) printed no base URL: \(base)")
      }
      let path = url.path + (url.path.hasSuffix("/") ? "" : "/") + "all_day.geojson"
      let requests = self.work + "/fdsn-floor-\(server.rawValue).txt"
      // Each request distinct, as quakesd's are (the servers ignore the query).
      try (0..<distinct).map { "\(path)?request=\($0)" }.joined(separator: "\n")
        .write(toFile: requests, atomically: true, encoding: .utf8)
      return try await runner.run(["--tcp", "\(port)", "--framing", "http", "--requests", requests, "--each-once"])
    }
  }

  /// The body of quakesd's answer to `target`, checked to be a 200 of `events` events in QuakeML.
  private func answer(_ target: String, events: Int) throws -> [UInt8] {
    let socket = try LoadConnection.connectedTCPSocket(port: self.port)
    defer { close(socket) }
    try FullListBenchmark.send(Array("GET \(target) HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n".utf8), to: socket)
    var bytes: [UInt8] = []
    _ = try FullListBenchmark.receive(from: socket, since: .now) { chunk in
      bytes += chunk
      return false
    }
    let marker = Array("<event publicID".utf8)
    guard bytes.starts(with: Array("HTTP/1.0 200".utf8)), let head = bytes.firstRange(of: Array("\r\n\r\n".utf8))
    else {
      throw MeasuredRun.Failure(description: "\(target): \(String(decoding: bytes.prefix(80), as: UTF8.self))")
    }
    let body = Array(bytes[head.upperBound...])
    let counted = body.ranges(of: marker).count
    guard counted == events else {
      throw MeasuredRun.Failure(description: "\(target): \(counted) events, not \(events)")
    }
    return body
  }
}
