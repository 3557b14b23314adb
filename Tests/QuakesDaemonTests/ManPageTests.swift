import Foundation
import QuakesDaemon
import QuakesTestSupport
import Testing

/// The manual pages, the example file and docs/configuration.md say what the
/// binary and the code do: every flag of `quakesd --help`, every key and its
/// environment variable.
@Suite("Manual pages and configuration docs match --help and the keys", .timeLimit(.minutes(3)))
struct ManPageTests {
  private static let root = ManualPage.repositoryRoot

  private static func text(_ path: String) throws -> String {
    try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
  }

  private static func rendered(_ page: String) async throws -> (text: String, warnings: String) {
    try await ManualPage.rendered(page)
  }

  /// The long flags `quakesd --help` lists.
  private static func helpFlags() async throws -> [String] {
    let flags = try await ManualPage.helpFlags(of: try ChildProcess.builtExecutable("quakesd"))
    #expect(flags.count >= 12, "\(flags)")
    return flags
  }

  @Test(
    "both pages render with groff -man -Tutf8 -ww without a warning",
    arguments: ["man/quakesd.8", "man/quakesd.conf.5"])
  func rendersCleanly(page: String) async throws {
    let (text, warnings) = try await Self.rendered(page)
    #expect(warnings.isEmpty, "\(warnings)")
    #expect(text.contains("NAME") && text.contains("SEE ALSO"))
  }

  @Test("quakesd(8) describes every flag of quakesd --help, and the configuration keys and variables")
  func daemonPage() async throws {
    let page = try await Self.rendered("man/quakesd.8").text
    for flag in try await Self.helpFlags() {
      #expect(page.contains(flag), "quakesd.8 does not mention \(flag)")
    }
    for key in ConfigurationKey.allCases {
      #expect(page.contains(key.environmentVariable), "quakesd.8 does not mention \(key.environmentVariable)")
      if let flag = key.flag { #expect(page.contains(flag), "quakesd.8 does not mention \(flag)") }
    }
    #expect(page.contains("78") && page.contains("QUAKESD_CONFIG"))
  }

  @Test("quakesd --help lists the flag of every key that has one, and no other flag but the run modes")
  func helpListsTheKeysFlags() async throws {
    let flags = Set(try await Self.helpFlags())
    let keyFlags = Set(ConfigurationKey.allCases.compactMap(\.flag))
    for flag in keyFlags.sorted() {
      #expect(flags.contains(flag), "quakesd --help does not list \(flag), the flag of a declared key")
    }
    let runModes: Set = ["--config", "--once", "--ephemeral", "--check-config", "--help", "--version"]
    let undeclared = flags.subtracting(keyFlags).subtracting(runModes)
    #expect(undeclared.isEmpty, "flags of quakesd --help that no key declares: \(undeclared.sorted())")
  }

  @Test(
    "quakesd.conf(5), docs/configuration.md and packaging/quakesd.conf describe every key, its variable and its flag")
  func configurationPages() async throws {
    let documents = [
      ("quakesd.conf.5", try await Self.rendered("man/quakesd.conf.5").text),
      ("docs/configuration.md", try Self.text("docs/configuration.md")),
    ]
    for (name, text) in documents {
      for key in ConfigurationKey.allCases {
        #expect(
          text.contains(key.name + ":") || text.contains("`\(key.name)`"), "\(name) does not describe \(key.name)")
        #expect(text.contains(key.environmentVariable), "\(name) does not mention \(key.environmentVariable)")
        if let flag = key.flag { #expect(text.contains(flag), "\(name) does not mention \(flag)") }
      }
    }
    let example = try Self.text("packaging/quakesd.conf")
    for key in ConfigurationKey.allCases {
      #expect(example.contains("\n#\(key.name):"), "packaging/quakesd.conf does not show \(key.name)")
    }
  }

  /// `#key: value`, or `#  all_day: 5m` under `#feeds:`; prose comments start with `# `.
  private static func isCommentedSetting(_ line: Substring) -> Bool {
    line.hasPrefix("#") && (line.dropFirst().first?.isLetter == true || line.hasPrefix("#  "))
  }

  @Test("packaging/quakesd.conf, uncommented, is valid and says the defaults")
  func exampleFileHasTheDefaults() throws {
    let example = try Self.text("packaging/quakesd.conf")
    let uncommented = example.split(separator: "\n", omittingEmptySubsequences: false)
      .map { line in Self.isCommentedSetting(line) ? String(line.dropFirst()) : String(line) }
      .joined(separator: "\n")
    let path = "packaging/quakesd.conf"
    let environment = ["STATE_DIRECTORY": "/var/lib/quakesd", "RUNTIME_DIRECTORY": "/run/quakesd"]
    let fromExample = try ConfigurationResolver.resolve(
      file: ConfigurationFileContents(path: path, chosenBy: .defaultValue, text: uncommented),
      environment: environment, commandLine: CommandLineSettings(), workingDirectory: "/")
    let defaults = try ConfigurationResolver.resolve(
      file: nil, environment: environment, commandLine: CommandLineSettings(), workingDirectory: "/")
    for key in ConfigurationKey.allCases {
      #expect(fromExample.origin(of: key) != .defaultValue, "\(key.name) is not in the example")
      #expect(fromExample.value(of: key) == defaults.value(of: key), "\(key.name)")
    }
  }
}
