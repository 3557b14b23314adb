import ArgumentParser
import FoundationEssentials
import Glibc
import QuakesClient
import QuakesModel
import QuakesProtocol

/// `quakectl purge`: deletes every cached quake, after a confirmation.
struct PurgeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "purge",
    abstract: "Delete every cached quake. Asks on a terminal; elsewhere refuses without --yes.")

  @OptionGroup var options: GlobalOptions

  @Flag(name: [.customShort("y"), .long], help: "Do not ask.")
  var yes = false

  func run() throws {
    if !self.yes {
      guard isatty(STDIN_FILENO) == 1 else {
        throw ClientError.usage("purge deletes every cached quake; not on a terminal, it needs --yes")
      }
      writeStandardError(Data("Delete every cached quake? The next polls fetch them again. [y/N] ".utf8))
      guard let answer = readLine(), ["y", "yes"].contains(answer.lowercased()) else {
        writeStandardError(Data("nothing deleted\n".utf8))
        throw ExitCode.failure
      }
    }
    let result = try self.options.client().call(.purge)
    switch self.options.outputFormat {
    case .json, .ndjson: write(try QuakeOutput.jsonLine(result))
    default: write("deleted \(Plural.count(result.deleted, "quake"))\n")
    }
  }
}
