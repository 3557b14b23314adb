import Foundation
import QuakesProtocol
import Synchronization

/// A Unix socket server for tests of the client's failure paths: it accepts
/// clients and either never answers, or answers every connection with one
/// fixed line (another protocol version, say).
final class SilentSocketServer: @unchecked Sendable {
  private let descriptor: Int32
  private let thread: Thread
  private let acceptedClients: AcceptedClients

  /// How many clients it has accepted.
  var accepted: Int { self.acceptedClients.count.load(ordering: .acquiring) }

  init(path: String, reply: String? = nil) throws {
    let descriptor = try UnixSocketAddress(path).boundStreamSocket()
    guard listen(descriptor, 16) == 0 else {
      close(descriptor)
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
    }
    self.descriptor = descriptor
    let acceptedClients = AcceptedClients()
    self.acceptedClients = acceptedClients
    self.thread = Thread {
      var clients: [Int32] = []
      while true {
        let client = accept(descriptor, nil, nil)
        guard client >= 0 else { break }
        clients.append(client)
        acceptedClients.count.add(1, ordering: .releasing)
        if let reply {
          _ = (reply + "\n").withCString { send(client, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        }
      }
      clients.forEach { close($0) }
    }
    self.thread.start()
  }

  private final class AcceptedClients: Sendable {
    let count = Atomic<Int>(0)
  }

  deinit {
    shutdown(self.descriptor, Int32(SHUT_RDWR))
    close(self.descriptor)
  }
}
