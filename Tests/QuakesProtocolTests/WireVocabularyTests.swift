import Foundation
import QuakesProtocol
import Testing

/// Every word the wire's types can put on a line is documented: a case added
/// to one of them fails here until docs/protocol.md names it.
@Suite("docs/protocol.md names every word of the wire")
struct WireVocabularyTests {
  private static let protocolDocument: String = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    return (try? String(contentsOf: root.appendingPathComponent("docs/protocol.md"), encoding: .utf8)) ?? ""
  }()

  private static let words: [String] =
    QuakesProtocol.Method.allCases.map(\.rawValue) + ErrorCode.allCases.map(\.rawValue)
    + SocketRole.allCases.map(\.fileName) + CacheLoadState.allCases.map(\.rawValue)
    + FeedFetchState.allCases.map(\.rawValue) + RefreshOutcome.allCases.map(\.rawValue)
    + WatchEventKind.allCases.map(\.rawValue)

  @Test("each method, error code, socket, cache and feed state, refresh outcome and watch event, in backquotes")
  func everyWordDocumented() {
    #expect(!Self.protocolDocument.isEmpty)
    for word in Self.words {
      #expect(Self.protocolDocument.contains("`\(word)`"), "docs/protocol.md does not name `\(word)`")
    }
  }
}
