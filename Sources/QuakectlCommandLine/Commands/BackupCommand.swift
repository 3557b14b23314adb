import ArgumentParser
import FoundationEssentials
import Glibc
import QuakesClient
import QuakesModel
import QuakesProtocol

/// `quakectl backup FILE`: a consistent copy of the database, while quakesd runs on.
struct BackupCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "backup",
    abstract: "Write a consistent copy of quakesd's database to FILE (- for standard output) while it runs on.",
    discussion: """
      quakesd copies its database with SQLite's online backup API (polls go on meanwhile; the copy holds whole
      batches only) and streams the copy; quakectl writes it as FILE.partial, syncs it, and renames it to FILE, so
      FILE is never half a database. The copy is a quakesd database: quakesd --state-dir DIR starts from it as
      DIR/quakes.sqlite. quakesd needs free space in its state directory as large as the database for the copy.
      """)

  @OptionGroup var options: GlobalOptions

  @Argument(help: ArgumentHelp("Where to write the copy; - for standard output.", valueName: "file"))
  var file: String

  func validate() throws {
    if self.file == "-", isatty(STDOUT_FILENO) == 1 {
      throw ValidationError("the backup is a binary SQLite file: redirect standard output, or name a file")
    }
  }

  func run() throws {
    let format = self.options.outputFormat
    guard [.table, .json, .ndjson].contains(format) else {
      throw self.options.unsupported([.table, .json, .ndjson], by: "backup")
    }
    // The first line comes once quakesd made its copy: seconds for a large cache.
    let client = QuakesClient(
      sockets: self.options.client().sockets, timeout: .seconds(max(self.options.timeout, 300)))
    let backup = try BackupFile(path: self.file)
    do {
      try client.backup { part in try backup.add(part) }
      try backup.finish()
    } catch {
      backup.discard()
      throw error
    }
    let summary = BackupSummary(file: self.file, bytes: backup.written, quakes: backup.quakes ?? 0)
    let place = self.file == "-" ? "standard output" : self.file
    let report =
      format == .table
      ? Data(
        "backed up \(Plural.count(summary.quakes, "quake")) (\(Plural.count(summary.bytes, "byte"))) to \(place)\n".utf8
      )
      : try QuakeOutput.jsonLine(summary)
    // With the copy on standard output, the report goes to standard error.
    if self.file == "-" { writeStandardError(report) } else { write(report) }
  }

  /// What `--format json` prints.
  private struct BackupSummary: Encodable {
    let file: String
    let bytes: Int
    let quakes: Int
  }
}
