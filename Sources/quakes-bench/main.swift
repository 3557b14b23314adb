// quakes-bench: benchmarks that back the README's and docs/benchmarks.md's numbers.
//
//   quakes-bench reducer [sizes…]   one reducer step adding one quake, TreeDictionary
//                                   state vs the same with Dictionary
//   quakes-bench sqlite [count]     the SQLite local store: a batch of count new quakes
//                                   into a fresh file, a no-change poll, an update, a load
//   quakes-bench decode [file]      GeoJSON decoding, ours vs Foundation JSONDecoder, in MB/s
//   quakes-bench suite [--smoke] [--peers DIR] [--fixtures DIR] [--output FILE]
//                                   every comparison against the peers (make bench: the full run,
//                                   written to docs/benchmarks.md; make bench-smoke: tiny sizes)
//   quakes-bench feed [count]       prints the synthetic feed of count quakes the suite ingests
//   quakes-bench load …             the served-query load generator the suite runs (LoadGenerator)
import Foundation
import HashTreeCollections
import QuakesData

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "reducer", nil:
  let sizes = arguments.dropFirst().compactMap { Int($0) }
  do {
    try ReducerBenchmark.run(sizes: sizes.isEmpty ? [1_000, 10_000, 100_000, 1_000_000] : sizes)
  } catch {
    FileHandle.standardError.write(Data("quakes-bench reducer: \(error)\n".utf8))
    exit(1)
  }
case "sqlite":
  exit(await SQLiteBenchmark.main(arguments: Array(arguments.dropFirst())))
case "decode":
  exit(DecodeComparison.main(arguments: Array(arguments.dropFirst())))
case "feed":
  // The synthetic feed the suite ingests, for profiling by hand.
  let count = arguments.dropFirst().first.flatMap { Int($0) } ?? 100_000
  print(BenchmarkInputs.syntheticFeed(count: count))
case "suite":
  exit(await BenchmarkSuite.main(arguments: Array(arguments.dropFirst())))
case "load":
  exit(LoadGenerator.main(arguments: Array(arguments.dropFirst())))
case "sqlite-crash-writer":
  exit(await SQLiteCrashWriter.run(arguments: Array(arguments.dropFirst())))
default:
  FileHandle.standardError.write(
    Data(
      "usage: quakes-bench suite [--smoke] [--peers DIR] [--fixtures DIR] [--output FILE] | reducer [sizes…] | sqlite [count] | decode [file] | feed [count] | load …\n"
        .utf8))
  exit(2)
}
