import Foundation
import QuakesTestSupport

/// `quakes-bench`'s subcommands (the executable's `main.swift` lists them);
/// the benchmarks live in this library so that their tests need no executable.
public enum BenchCommand {
  /// Runs the subcommand `arguments` name; returns the exit status.
  public static func main(arguments: [String]) async -> Int32 {
    switch arguments.first {
    case "reducer", nil:
      let sizes = arguments.dropFirst().compactMap { Int($0) }
      do {
        try ReducerBenchmark.run(sizes: sizes.isEmpty ? [1_000, 10_000, 100_000, 1_000_000] : sizes)
        return 0
      } catch {
        FileHandle.standardError.write(Data("quakes-bench reducer: \(error)\n".utf8))
        return 1
      }
    case "sqlite":
      return await SQLiteBenchmark.main(arguments: Array(arguments.dropFirst()))
    case "decode":
      return await DecodeComparison.main(arguments: Array(arguments.dropFirst()))
    case "feed":
      // The synthetic feed the suite ingests, for profiling by hand.
      let count = arguments.dropFirst().first.flatMap { Int($0) } ?? 100_000
      print(BenchmarkInputs.syntheticFeed(count: count))
      return 0
    case "alerts":
      // The evaluation alone, for profiling by hand: quakes-bench alerts [quakes] [rules]
      let numbers = arguments.dropFirst().compactMap { Int($0) }
      do {
        let result = try AlertEvaluationBenchmark.run(
          rules: numbers.dropFirst().first ?? 100, quakes: numbers.first ?? 10_000, rounds: 11)
        print(
          "inserted: \(result.inserted.text(2)) ms (\(result.insertedFirings) firings); "
            + "updated: \(result.updated.text(2)) ms (\(result.updatedFirings) firings)")
        return 0
      } catch {
        FileHandle.standardError.write(Data("quakes-bench alerts: \(error)\n".utf8))
        return 1
      }
    case "suite":
      return await BenchmarkSuite.main(arguments: Array(arguments.dropFirst()))
    case "scale":
      return await ScaleBenchmark.main(arguments: Array(arguments.dropFirst()))
    case "shared":
      return await SharedStoreBenchmark.main(arguments: Array(arguments.dropFirst()))
    case "load":
      return LoadGenerator.main(arguments: Array(arguments.dropFirst()))
    case "serve":
      return await ServeCommand.main(arguments: Array(arguments.dropFirst()))
    case "sqlite-crash-writer":
      return await SQLiteCrashWriter.run(arguments: Array(arguments.dropFirst()))
    default:
      FileHandle.standardError.write(
        Data(
          "usage: quakes-bench suite [--smoke] [--peers DIR] [--fixtures DIR] [--output FILE] | scale [--quakes N] [--rounds R] [--keep DIR] [--output FILE] | shared [--rounds R] [--batch N] [--output FILE] | reducer [sizes…] | alerts [quakes] [rules] | sqlite [count] | decode [file] | feed [count] | load … | serve FILE\n"
            .utf8))
      return 2
    }
  }
}
