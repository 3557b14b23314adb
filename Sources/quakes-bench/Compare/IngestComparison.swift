import Foundation

/// Ingesting a week feed into a fresh SQLite file, whole process: `quakesd
/// --once` polling a local stand-in that serves the feed, against
/// `geojson-to-sqlite q.db quakes week.geojson --pk id` reading the same
/// file; then the same feed again into the same file (nothing changed).
///
/// Rounds alternate which tool goes first; each round uses fresh files.
struct IngestComparison {
  /// The feed file (GeoJSON summary format).
  let feedPath: String
  /// `quakesd`, `usgs-standin`: from the same build as this benchmark.
  let binaries: String
  /// `geojson-to-sqlite` from the benchmark's virtual environment.
  let peer: String
  let rounds: Int

  /// Times (ms) and peak memory (MiB) of each tool, first ingest and again.
  struct Result {
    var oursFirst = Samples(), peerFirst = Samples(), oursAgain = Samples(), peerAgain = Samples()
    var oursMemory = Samples(), peerMemory = Samples()
  }

  func run() throws -> Result {
    let work = FileManager.default.temporaryDirectory.appendingPathComponent("quakes-bench-ingest-\(UUID().uuidString)").path
    let feeds = work + "/feeds"
    try FileManager.default.createDirectory(atPath: feeds, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: work) }
    try FileManager.default.copyItem(atPath: self.feedPath, toPath: feeds + "/all_week.geojson")
    let standIn = try StandInProcess(executable: self.binaries + "/usgs-standin", directory: feeds)
    defer { standIn.stop() }

    var result = Result()
    for round in 0..<self.rounds {
      let state = "\(work)/round\(round)"
      let ours = {
        try MeasuredRun.run(
          self.binaries + "/quakesd",
          ["--once", "--config", "/dev/null", "--state-dir", state + "/quakesd", "--feed", "all_week", "--feed-base-url", standIn.baseURL])
      }
      let peer = { try MeasuredRun.run(self.peer, [state + "/peer.db", "quakes", feeds + "/all_week.geojson", "--pk", "id"]) }
      try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
      for again in [false, true] {
        let a: MeasuredRun
        let b: MeasuredRun
        if round.isMultiple(of: 2) {
          a = try ours()
          b = try peer()
        } else {
          b = try peer()
          a = try ours()
        }
        guard a.status == 0, b.status == 0 else {
          throw MeasuredRun.Failure(description: "round \(round): quakesd exited \(a.status), geojson-to-sqlite \(b.status)")
        }
        if again {
          result.oursAgain.append(a.wallTime.milliseconds)
          result.peerAgain.append(b.wallTime.milliseconds)
        } else {
          result.oursFirst.append(a.wallTime.milliseconds)
          result.peerFirst.append(b.wallTime.milliseconds)
          result.oursMemory.append(Double(a.peakResidentKiB) / 1_024)
          result.peerMemory.append(Double(b.peakResidentKiB) / 1_024)
        }
      }
    }
    return result
  }
}

extension Duration {
  /// The duration in milliseconds.
  var milliseconds: Double {
    Double(self.components.seconds) * 1_000 + Double(self.components.attoseconds) / 1e15
  }
}
