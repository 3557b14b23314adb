import CSystemd
import Glibc
import QuakesProtocol

/// The listening sockets systemd passed (socket activation, `sd_listen_fds(3)`):
/// `quakesd.socket` passes `control.sock` named `control`, and
/// `quakesd-query.socket` passes `query.sock` named `query`
/// (`FileDescriptorName=`).
struct SocketActivation {
  /// The name systemd gives each socket role.
  static func name(of role: SocketRole) -> String {
    switch role {
    case .control: "control"
    case .query: "query"
    }
  }

  /// The sockets passed to this process, by role; empty when it was not
  /// socket-activated. Clears `LISTEN_*` from the environment, so nothing
  /// the daemon starts inherits them.
  ///
  /// - Throws: ``SocketActivationError`` for a socket with an unknown name,
  ///   two with the same name, or one that is not a listening Unix stream
  ///   socket: the units and the daemon disagree, and guessing would serve
  ///   the wrong clients.
  static func inheritedSockets() throws(SocketActivationError) -> [SocketRole: CInt] {
    var names: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
    let count = sd_listen_fds_with_names(1, &names)
    guard count > 0 else { return [:] }
    defer {
      for index in 0..<Int(count) { free(names?[index]) }
      free(names)
    }
    var sockets: [SocketRole: CInt] = [:]
    for index in 0..<Int(count) {
      let descriptor = SD_LISTEN_FDS_START + CInt(index)
      let name = names?[index].map { String(cString: $0) } ?? "unknown"
      guard let role = SocketRole.allCases.first(where: { self.name(of: $0) == name }) else {
        throw .unknownName(name, descriptor: descriptor)
      }
      guard sockets[role] == nil else { throw .duplicate(name) }
      guard sd_is_socket_unix(descriptor, SOCK_STREAM_VALUE, 1, nil, 0) > 0 else {
        throw .notAListeningUnixStreamSocket(name, descriptor: descriptor)
      }
      sockets[role] = descriptor
    }
    return sockets
  }

  private static let SOCK_STREAM_VALUE = CInt(SOCK_STREAM.rawValue)
}
