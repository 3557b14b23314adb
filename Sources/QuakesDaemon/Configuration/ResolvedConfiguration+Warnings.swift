import Foundation

extension ResolvedConfiguration {
  /// What is valid but will not work yet: an alert program that is not an
  /// executable file now. It is no error, since the configuration may name a
  /// script that is installed after it (docs/alerts.md's example names one
  /// the operator writes); `--check-config` prints these, start-up logs
  /// them, and a delivery to such a program fails for good, as one that
  /// cannot be started does.
  public var warnings: [String] {
    self.configuration.alertRules.flatMap { rule in
      rule.channels.compactMap { channel -> String? in
        guard case .exec(let exec) = channel, let program = exec.command.first,
          let problem = Self.problem(running: program)
        else { return nil }
        let place = self.origin(of: .alerts, at: [rule.name, "exec"]).place
        return "\(place): alert rule \"\(rule.name)\" runs \(program), which \(problem); "
          + "its deliveries fail until it is"
      }
    }
  }

  /// Why `program` cannot run now, or `nil` when it can.
  private static func problem(running program: String) -> String? {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: program, isDirectory: &isDirectory) else {
      return "does not exist (yet)"
    }
    guard !isDirectory.boolValue, FileManager.default.isExecutableFile(atPath: program) else {
      return "is not an executable file"
    }
    return nil
  }
}
