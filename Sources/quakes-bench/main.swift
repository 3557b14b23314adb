// quakes-bench: benchmarks that back the README's and docs/benchmarks.md's numbers
// (the code is the QuakesBench library).
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
//   quakes-bench sqlite-crash-writer PATH COUNT [PAUSE]
//                                   not a benchmark: the child the SQLite store's crash test kills
import Foundation
import QuakesBench

exit(await BenchCommand.main(arguments: Array(CommandLine.arguments.dropFirst())))
