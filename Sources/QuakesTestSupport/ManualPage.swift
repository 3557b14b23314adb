public import Foundation

/// A manual page of the repository (`man/…`) as a reader sees it, and the
/// long flags a binary's `--help` lists, so tests can check one against the other.
public enum ManualPage {
  /// The repository's root (three levels above this file).
  public static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The page at `path` (relative to the repository) rendered by groff,
  /// without hyphenation or line breaks inside long lines, typographic
  /// hyphens read as `-`; and groff's warnings (`-ww`), empty when none.
  public static func rendered(_ path: String) async throws -> (text: String, warnings: String) {
    let file = Self.repositoryRoot.appendingPathComponent(path).path
    let checked = try await Command.run("groff", ["-man", "-Tutf8", "-ww", "-z", file])
    let plain = try await Command.run("groff", ["-man", "-Tutf8", "-rHY=0", "-rLL=300n", "-P-cbou", file])
    let text = plain.output.replacingOccurrences(of: "\u{2010}", with: "-").replacingOccurrences(
      of: "\u{2212}", with: "-")
    let failure = plain.status == 0 ? "" : "groff failed: \(plain.errors)"
    return (text, checked.errors + (checked.status == 0 ? "" : "exit \(checked.status)") + failure)
  }

  /// The subcommands `executable COMMAND… --help` lists under `SUBCOMMANDS:` (the
  /// first word of each line indented by two spaces), `help` left out.
  public static func helpSubcommands(of executable: String, _ command: [String] = []) async throws -> [String] {
    let help = try await Command.run(executable, command + ["--help"])
    let lines = help.output.split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(where: { $0.hasPrefix("SUBCOMMANDS:") }) else { return [] }
    return lines[(start + 1)...].prefix { !$0.isEmpty }
      .filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
      .compactMap { $0.split(separator: " ").first.map(String.init) }
      .filter { $0 != "help" }
  }

  /// The long flags (`--name`) in what `executable` prints for `arguments` (`--help`).
  public static func helpFlags(of executable: String, _ arguments: [String] = ["--help"]) async throws -> [String] {
    let help = try await Command.run(executable, arguments)
    let words = help.output.split(whereSeparator: { !($0.isLetter || $0 == "-") })
    return Set(words.filter { $0.hasPrefix("--") && $0.count > 2 }.map(String.init)).sorted()
  }
}
