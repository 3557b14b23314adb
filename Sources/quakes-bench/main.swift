// quakes-bench: benchmarks that back the README's and docs/benchmarks.md's numbers.
//
//   quakes-bench reducer [sizes…]   one reducer step adding one quake, TreeDictionary
//                                   state vs the same with Dictionary
//   quakes-bench sqlite [count]     the SQLite local store: a batch of count new quakes
//                                   into a fresh file, a no-change poll, an update, a load
//   quakes-bench decode [file]      GeoJSON feed decoding, ours vs Foundation JSONDecoder, in MB/s
//                                   (default: the all_week fixture in ../shared/fixtures/usgs)
//   quakes-bench ingest PEER [file] [rounds]
//                                   whole-process ingest of a week feed: quakesd --once (over
//                                   HTTP from usgs-standin) vs PEER (geojson-to-sqlite), fresh
//                                   file, then the same feed again; a Markdown table
import Foundation
import HashTreeCollections
import QuakesData

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "reducer", nil:
  let sizes = arguments.dropFirst().compactMap { Int($0) }
  ReducerBenchmark.run(sizes: sizes.isEmpty ? [1_000, 10_000, 100_000, 1_000_000] : sizes)
case "sqlite":
  exit(await SQLiteBenchmark.main(arguments: Array(arguments.dropFirst())))
case "decode":
  exit(DecodeBenchmark.main(arguments: Array(arguments.dropFirst())))
case "ingest":
  exit(IngestReport.main(arguments: Array(arguments.dropFirst())))
case "sqlite-crash-writer":
  exit(await SQLiteCrashWriter.run(arguments: Array(arguments.dropFirst())))
default:
  FileHandle.standardError.write(Data("usage: quakes-bench reducer [sizes…] | sqlite [count] | decode [file] | ingest PEER [file] [rounds]\n".utf8))
  exit(2)
}
