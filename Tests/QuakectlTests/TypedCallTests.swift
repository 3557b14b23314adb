import QuakesClient
import QuakesProtocol
import QuakesTestSupport
import Testing

/// The typed calls (``Call``): each binds a method to its params and result
/// types (the compiler checks those); a call whose reply is always a stream
/// is refused by `call`, before any socket is opened, since one line of it
/// would be read as the whole answer.
@Suite("Typed calls: a method with its params and result")
struct TypedCallTests {
  @Test("watch and backup are streams: call refuses them and names the method, without connecting")
  func streamsAreRefused() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let client = QuakesClient(sockets: SocketPaths(option: directory.path), timeout: .seconds(1))
    for (method, attempt) in [
      (Call.watch.method, { _ = try client.call(.watch, params: FilterParams()) }),
      (Call.backup.method, { _ = try client.call(.backup) }),
    ] as [(QuakesProtocol.Method, () throws -> Void)] {
      let error = try #require(throws: ClientError.self) { try attempt() }
      guard case .usage(let message) = error else {
        Issue.record("\(method.rawValue): \(error), not a usage error (it tried the socket)")
        continue
      }
      #expect(message.contains(method.rawValue), "\(message)")
    }
  }

  @Test("each call names its method, on the socket its method allows")
  func callsNameTheirMethods() {
    #expect(Call.count.method == .count && Call.get.method == .get && Call.list.method == .list)
    #expect(Call.purge.method == .purge && Call.delete.method == .delete)
    #expect(Call.backfillStatus.method == .backfillStatus && Call.backfillCancel.method == .backfillCancel)
    #expect(!Call.list.streams && Call.watch.streams && Call.backup.streams)
  }
}
