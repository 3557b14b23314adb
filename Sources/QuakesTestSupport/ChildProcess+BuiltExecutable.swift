import Foundation

extension ChildProcess {
  /// The path of the `quakes-bench` executable built with the tests.
  public static func benchExecutable() throws -> String {
    try self.builtExecutable("quakes-bench")
  }

  /// The path of the executable product `name` built with the tests: in the
  /// build directory that holds the running test binary.
  public static func builtExecutable(_ name: String) throws -> String {
    var candidates: [URL] = []
    if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
      candidates.append(URL(fileURLWithPath: executable))
    }
    candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL)
    for candidate in candidates {
      var directory = candidate.deletingLastPathComponent()
      for _ in 0..<4 {
        let path = directory.appendingPathComponent(name).path
        if FileManager.default.isExecutableFile(atPath: path) { return path }
        directory = directory.deletingLastPathComponent()
      }
    }
    throw Failure(description: "no \(name) executable beside \(candidates.map(\.path)); build it with the tests")
  }
}
