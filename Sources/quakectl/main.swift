import ArgumentParser
import Foundation
import QuakesClient

// Runs the command; usage errors exit 2 (not swift-argument-parser's 64) and
// failures exit with ClientError's status, so scripts can rely on docs/cli.md.
do {
  var command = try Quakectl.parseAsRoot()
  try command.run()
} catch let error as ClientError {
  FileHandle.standardError.write(Data("quakectl: \(error.description)\n".utf8))
  exit(error.exitStatus)
} catch {
  let code = Quakectl.exitCode(for: error)
  let message = Quakectl.fullMessage(for: error)
  if code == .success {
    print(message)
    exit(0)
  }
  if !message.isEmpty {
    FileHandle.standardError.write(Data("\(message)\n".utf8))
  }
  exit(code == .validationFailure ? 2 : code.rawValue)
}
