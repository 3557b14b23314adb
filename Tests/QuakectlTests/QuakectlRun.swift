import Foundation
import QuakesTestSupport

/// The real `quakectl` binary, run to its end against `daemon`'s runtime directory.
func quakectl(_ arguments: [String], daemon: QuakesdProcess? = nil, environment: [String: String] = [:]) async throws
  -> Command
{
  let socket = daemon.map { ["--socket", $0.runtimeDirectory] } ?? []
  let subcommand = arguments.prefix(1)
  return try await Command.run(
    try ChildProcess.builtExecutable("quakectl"), Array(subcommand) + socket + arguments.dropFirst(),
    environment: environment)
}

extension Command {
  /// Standard output parsed as JSON.
  var json: Any? { try? JSONSerialization.jsonObject(with: Data(self.output.utf8)) }
  /// Standard output's lines, each parsed as a JSON object.
  var jsonLines: [[String: Any]] {
    self.output.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
  }
}
