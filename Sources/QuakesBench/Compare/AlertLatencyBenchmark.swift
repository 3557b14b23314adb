import Foundation
import QuakesModel
import QuakesTestSupport
import USGSStandIn

/// How soon a webhook hears of a quake: the real quakesd polls the stand-in,
/// one new M6.5 quake per round (asked for with `quakectl refresh`), and a
/// webhook rule sends it to a receiver on 127.0.0.1.
///
/// The latency runs from the event's `firedAt` (the moment the fetch's
/// result reached the store, before the reducer, the diff, the evaluation
/// and the SQLite commit) to the request's last byte at the receiver: an
/// upper bound of "commit to webhook". The cache is a file, as in use.
struct AlertLatencyBenchmark {
  /// Where `quakesd` and `quakectl` are.
  let programs: String
  let work: String
  let rounds: Int

  func run() async throws -> Samples {
    let state = self.work + "/alert-latency"
    try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
    return try await withWebhookReceiver { receiver in
      try await withUSGSStandIn { standIn in
        standIn.setFeed("all_hour", body: Self.feed(round: 0))
        let configuration = state + "/quakesd.conf"
        try "alerts: {latency: {min-magnitude: 6, webhook: \"\(receiver.url())\"}}\n"
          .write(toFile: configuration, atomically: true, encoding: .utf8)
        return try await withChildProcess(
          executable: self.programs + "/quakesd",
          arguments: [
            "--config", configuration, "--state-dir", state + "/state", "--runtime-dir", state + "/run",
            "--feed-base-url", standIn.baseURL, "--feed", "all_hour=1h",
          ],
          environment: QuakesdProcess.environment(), mergeStandardError: true
        ) { daemon in
          try await daemon.waitForLine { $0.contains("listening on") }
          var latencies = Samples()
          for round in 0...self.rounds {
            if round > 0 {
              standIn.setFeed("all_hour", body: Self.feed(round: round))
              let refresh = try await Command.run(
                self.programs + "/quakectl", ["refresh", "--feed", "all_hour", "--socket", state + "/run"])
              guard refresh.status == 0 else {
                throw MeasuredRun.Failure(description: "quakectl refresh exited \(refresh.status): \(refresh.errors)")
              }
            }
            let received = try await receiver.waitForRequests(round + 1, timeout: .seconds(30))
            guard received.count == round + 1, let request = received.last,
              let event = request.json, (event["quake"] as? [String: Any])?["id"] as? String == "latency\(round)",
              let firedAt = (event["firedAt"] as? String).flatMap({ Timestamp.parseISO8601($0) })
            else {
              throw MeasuredRun.Failure(
                description: "round \(round): the webhook got \(received.count) requests, not the quake latency\(round)"
              )
            }
            // Round 0 is the first poll at start: a warm-up, not counted.
            if round > 0 { latencies.append(request.receivedAt.timeIntervalSince(firedAt) * 1000) }
          }
          return latencies
        }
      }
    }
  }

  /// The feed of round `round`: the quakes of every round so far, the newest `latency<round>`.
  private static func feed(round: Int) -> String {
    let now = Int64(Date().timeIntervalSince1970 * 1000)
    let features = (0...round).map { index in
      SyntheticFeed.feature(id: "latency\(index)", time: "\(now - Int64(round - index + 1) * 1000)", magnitude: "6.5")
    }
    return SyntheticFeed.body(ids: [], generated: now, extraFeatures: features)
  }
}
