import Foundation
import QuakesDaemon
import QuakesTestSupport
import Testing

/// Which file is read: `--config`, else `QUAKESD_CONFIG`, else the default path.
@Suite("Configuration file: which one is read, and when its absence is an error")
struct ConfigurationFileLoadingTests {
  @Test("--config beats QUAKESD_CONFIG; /dev/null is an empty file")
  func namedFiles() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file("quakesd.conf")
    try "log-level: debug\n".write(toFile: path, atomically: true, encoding: .utf8)

    let flagged = try ConfigurationFileContents.load(configFile: path, environment: ["QUAKESD_CONFIG": "/dev/null"])
    #expect(flagged?.text == "log-level: debug\n")
    #expect(flagged?.chosenBy == .flag("--config"))
    let named = try ConfigurationFileContents.load(configFile: nil, environment: ["QUAKESD_CONFIG": path])
    #expect(named?.path == path)
    #expect(named?.chosenBy == .environment(variable: "QUAKESD_CONFIG"))
    let empty = try ConfigurationFileContents.load(configFile: "/dev/null", environment: [:])
    #expect(empty?.text == "")
  }

  @Test("a named file that does not exist is an error naming the path and who named it")
  func missingNamedFile() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let missing = directory.file("absent.conf")
    #expect {
      _ = try ConfigurationFileContents.load(configFile: missing, environment: [:])
    } throws: { error in
      guard let error = error as? ConfigurationError else { return false }
      return error.message.contains("\"\(missing)\" (named by flag --config) does not exist") && error.exitCode == 78
    }
    #expect {
      _ = try ConfigurationFileContents.load(configFile: nil, environment: ["QUAKESD_CONFIG": missing])
    } throws: { error in
      (error as? ConfigurationError)?.message.contains("named by environment variable QUAKESD_CONFIG") == true
    }
    #expect {
      _ = try ConfigurationFileContents.load(configFile: directory.path, environment: [:])
    } throws: { error in
      (error as? ConfigurationError)?.message.contains("is a directory") == true
    }
  }
}
