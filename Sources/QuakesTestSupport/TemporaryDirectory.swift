import Foundation

/// A directory of its own under the system's temporary directory, for the
/// database files of one test. Remove it with `defer { directory.remove() }`
/// right after creating it, so it goes also when the test fails.
public struct TemporaryDirectory: Sendable {
  /// The directory's path.
  public let path: String

  /// Creates a new, empty directory.
  public init() throws {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("quakesd-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    self.path = url.path
  }

  /// The path of `name` inside the directory.
  public func file(_ name: String = "quakes.sqlite") -> String {
    self.path + "/" + name
  }

  /// Removes the directory and everything in it (after making it writable
  /// again, for tests that made it read-only).
  public func remove() {
    try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: self.path)
    try? FileManager.default.removeItem(atPath: self.path)
  }
}
