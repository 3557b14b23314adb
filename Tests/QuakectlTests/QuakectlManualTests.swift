import Foundation
import QuakesTestSupport
import Testing

/// man/quakectl.1 and docs/cli.md say what the binary does.
@Suite("quakectl(1) matches --help", .timeLimit(.minutes(3)))
struct QuakectlManualTests {
  /// The commands of today: `quakectl --help` must list at least these, so
  /// that a help text the test cannot parse fails instead of checking nothing.
  private static let knownCommands = ["status", "info", "count", "list", "show", "refresh", "delete", "purge", "watch"]

  @Test("the page renders with groff -ww without a warning")
  func renders() async throws {
    let (text, warnings) = try await ManualPage.rendered("man/quakectl.1")
    #expect(warnings.isEmpty, "\(warnings)")
    #expect(text.contains("EXIT STATUS"))
  }

  @Test("the page and docs/cli.md name every command quakectl --help lists, and every flag of each command's --help")
  func everyFlag() async throws {
    let page = try await ManualPage.rendered("man/quakectl.1").text
    let guide = try String(contentsOf: ManualPage.repositoryRoot.appendingPathComponent("docs/cli.md"), encoding: .utf8)
    let quakectl = try ChildProcess.builtExecutable("quakectl")
    let commands = try await ManualPage.helpSubcommands(of: quakectl)
    #expect(Set(commands).isSuperset(of: Self.knownCommands), "quakectl --help lists \(commands)")
    for command in commands {
      // A command is a term of its own in the page (a line that starts with
      // it under COMMANDS) and a row of docs/cli.md's table, not just a word.
      let term = page.split(separator: "\n").contains {
        $0.hasPrefix("       \(command) ") || $0 == "       \(command)"
      }
      #expect(term, "quakectl.1 has no entry for \(command)")
      #expect(guide.contains("| `\(command)"), "docs/cli.md has no row for \(command)")
      // A group of commands (alerts) has its flags on its subcommands.
      let subcommands = try await ManualPage.helpSubcommands(of: quakectl, [command])
      var flags: [String] = []
      for words in subcommands.isEmpty ? [[command]] : subcommands.map({ [command, $0] }) {
        let commandFlags = try await ManualPage.helpFlags(of: quakectl, words + ["--help"])
        #expect(commandFlags.contains("--socket"), "\(words): \(commandFlags)")
        flags += commandFlags
      }
      for flag in Set(flags) {
        #expect(page.contains(flag), "quakectl.1 does not mention \(flag) of \(command)")
        #expect(
          guide.contains(flag) || ["--help", "--version"].contains(flag),
          "docs/cli.md does not mention \(flag) of \(command)")
      }
    }
  }
}

/// `make completions` runs `quakectl --generate-completion-script`; each shell's script knows the commands.
@Suite("quakectl shell completions")
struct QuakectlCompletionTests {
  @Test("bash, zsh and fish scripts complete every command", arguments: ["bash", "zsh", "fish"])
  func completions(shell: String) async throws {
    let script = try await Command.run(
      try ChildProcess.builtExecutable("quakectl"), ["--generate-completion-script", shell])
    #expect(script.status == 0, "\(script.errors)")
    for command in ["status", "list", "refresh", "purge", "watch"] {
      #expect(script.output.contains(command), "\(shell) completion lacks \(command)")
    }
    #expect(script.output.contains("min-magnitude"))
  }
}
