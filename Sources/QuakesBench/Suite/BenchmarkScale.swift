/// How big and how long the benchmarks run: ``full`` is what `make bench`
/// writes docs/benchmarks.md from (the sizes the issue names, rounds enough
/// for a stable median); ``smoke`` runs every comparison once at tiny sizes,
/// in `make test`, so that the harness cannot rot.
struct BenchmarkScale: Sendable {
  /// `full` or `smoke`, printed in the report.
  let name: String
  /// The synthetic catalogue for the large ingest, the served queries and the
  /// scripted query (100,000 quakes in the full run).
  let largeCount: Int
  /// The cache sizes for cold start and resident memory.
  let cacheCounts: [Int]
  /// The state sizes of the reducer step.
  let reducerSizes: [Int]
  /// Rounds of the week ingest, each tool once per round.
  let ingestRounds: Int
  /// Rounds of the large ingest (the peer takes seconds there).
  let largeIngestRounds: Int
  /// Rounds of each decoder on each file.
  let decodeRounds: Int
  /// Runs of each tool for the scripted query.
  let queryRounds: Int
  /// Rounds of each served-query load, alternating ours and the peer.
  let loadRounds: Int
  /// How long one load run sends requests, after its warm-up.
  let loadSeconds: Double
  /// Connections of one load run, and requests in flight on each.
  let loadConnections: Int
  let loadDepth: Int
  /// Cold starts per cache size.
  let coldStartRounds: Int
  /// The alert rules, and the batch, of the evaluation benchmark, and its rounds.
  var alertRules = 100
  let alertBatch: Int
  let alertEvaluationRounds: Int
  /// Quakes announced one at a time to a webhook, for the latency.
  let alertLatencyRounds: Int
  /// Events of the backfill from the stand-in's FDSN service.
  var backfillEvents = 100_000

  static let full = BenchmarkScale(
    name: "full", largeCount: 100_000, cacheCounts: [100_000, 1_000_000],
    reducerSizes: [1_000, 10_000, 100_000, 1_000_000], ingestRounds: 5, largeIngestRounds: 3, decodeRounds: 11,
    queryRounds: 21, loadRounds: 3, loadSeconds: 5, loadConnections: 32, loadDepth: 4, coldStartRounds: 5,
    alertBatch: 10_000, alertEvaluationRounds: 21, alertLatencyRounds: 50)

  static let smoke = BenchmarkScale(
    name: "smoke", largeCount: 1_000, cacheCounts: [1_000, 2_000], reducerSizes: [1_000, 2_000],
    ingestRounds: 1, largeIngestRounds: 1, decodeRounds: 1, queryRounds: 2, loadRounds: 1, loadSeconds: 1,
    loadConnections: 4, loadDepth: 2, coldStartRounds: 1, alertBatch: 1_000, alertEvaluationRounds: 2,
    alertLatencyRounds: 3, backfillEvents: 3_000)
}
