import Foundation
public import QuakesProtocol

/// Which of the two sockets a connection came through. File permissions on
/// the socket are the authorisation: whoever can connect to `control.sock`
/// (mode 0660, group `quakes`) may change the cache; anyone may query through
/// `query.sock` (mode 0666).
public enum SocketRole: String, CaseIterable, Hashable, Sendable {
  /// Every method.
  case control
  /// The read-only methods.
  case query

  /// The socket's file name in the runtime directory, and its name in
  /// systemd's `FileDescriptorName=`.
  public var fileName: String { "\(self.rawValue).sock" }

  /// The longest runtime directory, in bytes, whose socket paths fit in a
  /// Unix socket address (`sun_path`: 108 bytes with the final NUL).
  public static let longestRuntimeDirectory: Int = {
    let longestName = SocketRole.allCases.map(\.fileName.utf8.count).max() ?? 0
    return MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1 - 1 - longestName
  }()

  /// The file mode the daemon gives the socket it creates.
  public var fileMode: UInt16 {
    switch self {
    case .control: 0o660
    case .query: 0o666
    }
  }

  /// Whether a client on this socket may call `method`.
  public func permits(_ method: QuakesProtocol.Method) -> Bool {
    self == .control || method.isReadOnly
  }

  /// The methods this socket accepts, in declaration order.
  public var methods: [QuakesProtocol.Method] {
    QuakesProtocol.Method.allCases.filter(self.permits)
  }
}
