import Foundation
import QuakesTestSupport

extension FDSNServiceBenchmark {
  /// What this machine allows for the newest 100 under the same load: the
  /// bytes of quakesd's own answer, the same each time, sent from memory by
  /// the stand-in for USGS (`usgs-standin --no-gzip`: one swift-nio handler
  /// on the event loop; no database, no encoding, no task). Not a peer but a
  /// floor: quakesd, which also reads and writes the events, cannot answer
  /// faster than a server that only sends them.
  func floor(runner: LoadRunner, distinct: Int) async throws -> LoadGenerator.Outcome {
    let body = try self.answer(Question.newest100.targets(0).ours, events: 100)
    let feeds = self.work + "/floor"
    try FileManager.default.createDirectory(atPath: feeds, withIntermediateDirectories: true)
    try Data(body).write(to: URL(fileURLWithPath: feeds + "/all_day.geojson"))
    let standIn = URL(fileURLWithPath: self.bench).deletingLastPathComponent().appendingPathComponent("usgs-standin")
    return try await withChildProcess(executable: standIn.path, arguments: ["--no-gzip", feeds]) { process in
      let base = try await process.waitForLine { $0.hasPrefix("http") }
      guard let url = URL(string: base.trimmingCharacters(in: .whitespaces)), let port = url.port else {
        throw MeasuredRun.Failure(description: "the stand-in printed no base URL: \(base)")
      }
      let feed = url.path + (url.path.hasSuffix("/") ? "" : "/") + "all_day.geojson"
      let requests = self.work + "/fdsn-floor.txt"
      // Each request distinct, as quakesd's are (the stand-in ignores the query).
      try (0..<distinct).map { "\(feed)?request=\($0)" }.joined(separator: "\n")
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
