import Foundation
import Glibc

extension PostgresCluster {
  /// Where clusters are made, and how their directories' names begin.
  static let parent = "/tmp"
  static let prefix = "quakesd-postgres-"
  /// The file in a cluster's directory that holds the id of the process
  /// that made it.
  static let ownerFile = "owner"

  /// Stops and removes every cluster whose maker has ended: a test or a
  /// benchmark killed from outside (SIGKILL, or a SIGTERM the test runner
  /// does not turn into its stops) left its server running. Each start
  /// looks, so that a killed run's servers end at the next run's first.
  static func reapOrphans(programs: String) async {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: Self.parent) else { return }
    for name in names where name.hasPrefix(Self.prefix) {
      let directory = "\(Self.parent)/\(name)"
      // A directory without its owner's id is being made, or not ours.
      guard let text = try? String(contentsOfFile: "\(directory)/\(Self.ownerFile)", encoding: .utf8),
        let owner = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)), !Self.isRunning(owner)
      else { continue }
      _ = try? await Self.run("\(programs)/pg_ctl", "-D", "\(directory)/data", "-m", "immediate", "-w", "stop")
      try? FileManager.default.removeItem(atPath: directory)
    }
  }

  /// Whether a process with the id `process` exists (one of another user's
  /// answers `EPERM`).
  private static func isRunning(_ process: pid_t) -> Bool {
    kill(process, 0) == 0 || errno == EPERM
  }
}
