import ArgumentParser
import FoundationEssentials
import Glibc
import QuakesClient

/// quakectl's entry point, for the executables that run it: `quakectl`, and
/// the multi-call binary the Debian package installs as both programs.
public enum QuakectlMain {
  /// Runs the command with the process's arguments. Usage errors exit 2
  /// (not swift-argument-parser's 64) and failures exit with
  /// ``ClientError``'s status, so scripts can rely on docs/cli.md.
  public static func run() -> Never {
    do {
      var command = try Quakectl.parseAsRoot()
      try command.run()
      exit(0)
    } catch let error as ClientError {
      writeStandardError(Data("quakectl: \(error.description)\n".utf8))
      exit(error.exitStatus)
    } catch {
      let code = Quakectl.exitCode(for: error)
      let message = Quakectl.fullMessage(for: error)
      if code == .success {
        print(message)
        exit(0)
      }
      if !message.isEmpty {
        writeStandardError(Data("\(message)\n".utf8))
      }
      exit(code == .validationFailure ? 2 : code.rawValue)
    }
  }
}
