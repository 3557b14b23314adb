// quakes-bench: benchmarks that back the README's and docs/benchmarks.md's numbers.
//
//   quakes-bench reducer [sizes…]   one reducer step adding one quake, TreeDictionary
//                                   state vs the same with Dictionary
import Foundation
import HashTreeCollections
import QuakesData

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "reducer", nil:
  let sizes = arguments.dropFirst().compactMap { Int($0) }
  ReducerBenchmark.run(sizes: sizes.isEmpty ? [1_000, 10_000, 100_000, 1_000_000] : sizes)
default:
  FileHandle.standardError.write(Data("usage: quakes-bench reducer [sizes…]\n".utf8))
  exit(2)
}
