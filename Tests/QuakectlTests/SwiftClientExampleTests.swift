import Foundation
import QuakesClient
import QuakesProtocol
import QuakesTestSupport
import Testing

/// docs/protocol.md's "A Swift client": the code there is this code, and it
/// works against a real quakesd.
@Suite("The Swift client example of docs/protocol.md")
struct SwiftClientExampleTests {
  // docs/protocol.md: from here
  /// The number of M4.5+ quakes cached, then the five largest of them.
  static func largestQuakes(sockets: SocketPaths) throws -> [String] {
    let client = QuakesClient(sockets: sockets, timeout: .seconds(5))
    var filter = FilterParams()
    filter.minMagnitude = 4.5
    let count = try client.call(.count, params: filter)
    var lines = ["\(count.count) quakes of magnitude 4.5 or more"]
    try client.list(ListParams(filter: filter, sort: .magnitude, limit: 5)) { page in
      for listed in page.quakes {
        lines.append("M\(listed.quake.magnitude ?? 0) \(listed.quake.place ?? "somewhere")")
      }
    }
    return lines
  }
  // docs/protocol.md: to here

  @Test("the example counts and lists from a real quakesd")
  func runs() async throws {
    try await withDaemon(serving: SyntheticFeed.ids(30)) { daemon, _ in
      let lines = try Self.largestQuakes(sockets: SocketPaths(option: daemon.runtimeDirectory))
      #expect(lines.first == "5 quakes of magnitude 4.5 or more")
      #expect(lines.dropFirst().map { $0.prefix(5) } == ["M4.9 ", "M4.8 ", "M4.7 ", "M4.6 ", "M4.5 "], "\(lines)")
    }
  }

  @Test("docs/protocol.md shows exactly the code above")
  func documented() throws {
    let source = try String(contentsOfFile: #filePath, encoding: .utf8)
    let start = try #require(source.range(of: "  // docs/protocol.md: from here\n"))
    let end = try #require(source.range(of: "  // docs/protocol.md: to here\n"))
    let code = source[start.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.hasPrefix("  ") ? String($0.dropFirst(2)) : String($0) }.joined(separator: "\n")
    let documentation = try String(
      contentsOf: ManualPage.repositoryRoot.appendingPathComponent("docs/protocol.md"), encoding: .utf8)
    #expect(documentation.contains(code), "docs/protocol.md's example is not the tested code:\n\(code)")
  }
}
