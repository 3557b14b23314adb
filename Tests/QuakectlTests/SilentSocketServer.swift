import Foundation

/// A Unix socket server for tests of the client's failure paths: it accepts
/// clients and either never answers, or answers every connection with one
/// fixed line (another protocol version, say).
final class SilentSocketServer: @unchecked Sendable {
  private let descriptor: Int32
  private let thread: Thread

  init(path: String, reply: String? = nil) throws {
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard descriptor >= 0, bound == 0, listen(descriptor, 16) == 0 else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
    }
    self.descriptor = descriptor
    self.thread = Thread {
      var clients: [Int32] = []
      while true {
        let client = accept(descriptor, nil, nil)
        guard client >= 0 else { break }
        clients.append(client)
        if let reply {
          _ = (reply + "\n").withCString { send(client, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        }
      }
      clients.forEach { close($0) }
    }
    self.thread.start()
  }

  deinit {
    shutdown(self.descriptor, Int32(SHUT_RDWR))
    close(self.descriptor)
  }
}
