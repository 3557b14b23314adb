import Foundation

/// `quakes-bench ingest PEER [FILE] [ROUNDS]`: runs ``IngestComparison`` and
/// prints its Markdown table (times in ms and peak memory in MiB as median
/// and min–max, and the ratios).
enum IngestReport {
  static func main(arguments: [String]) -> Int32 {
    guard let peer = arguments.first else {
      FileHandle.standardError.write(Data("usage: quakes-bench ingest PATH-TO-geojson-to-sqlite [FILE] [ROUNDS]\n".utf8))
      return 2
    }
    let feed = arguments.dropFirst().first ?? DecodeBenchmark.defaultPath
    let rounds = arguments.dropFirst(2).first.flatMap { Int($0) }.map { max($0, 1) } ?? 5
    let binaries = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path
    do {
      let result = try IngestComparison(feedPath: feed, binaries: binaries, peer: peer, rounds: rounds).run()
      print(self.table(result, feed: feed, rounds: rounds))
      return 0
    } catch {
      FileHandle.standardError.write(Data("error: \(error)\n".utf8))
      return 1
    }
  }

  static func table(_ result: IngestComparison.Result, feed: String, rounds: Int) -> String {
    func ratio(_ peer: Samples, _ ours: Samples) -> String { String(format: "%.1f×", peer.median / ours.median) }
    return """
      Ingest of \((feed as NSString).lastPathComponent), whole process, \(rounds) rounds alternating (median, min–max):

      | | quakesd --once | geojson-to-sqlite | peer ÷ ours |
      |---|---|---|---|
      | fresh file, ms | \(result.oursFirst.text()) | \(result.peerFirst.text()) | \(ratio(result.peerFirst, result.oursFirst)) |
      | same feed again, ms | \(result.oursAgain.text()) | \(result.peerAgain.text()) | \(ratio(result.peerAgain, result.oursAgain)) |
      | peak RSS (fresh), MiB | \(result.oursMemory.text()) | \(result.peerMemory.text()) | \(ratio(result.peerMemory, result.oursMemory)) |
      """
  }
}
