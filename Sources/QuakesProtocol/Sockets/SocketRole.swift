/// The daemon's two sockets, and which methods each takes. File permissions
/// on the socket are the authorisation: whoever can connect to `control.sock`
/// (mode 0660, group `quakes`) may change the cache; anyone may query through
/// `query.sock` (mode 0666). The daemon serves both, and reports which one a
/// client reached in `daemon.info`; a client sends each method to the socket
/// that takes it.
public enum SocketRole: String, CaseIterable, Hashable, Sendable, Codable {
  /// Every method.
  case control
  /// The read-only methods.
  case query

  /// The socket a client sends `method` to: `query.sock` when the method
  /// only reads (anyone may connect there), else `control.sock`.
  public init(for method: Method) {
    self = method.isReadOnly ? .query : .control
  }

  /// The socket's file name in its runtime directory: `control.sock` or `query.sock`.
  public var fileName: String { "\(self.rawValue).sock" }

  /// Whether a client on this socket may call `method`.
  public func permits(_ method: Method) -> Bool {
    self == .control || method.isReadOnly
  }

  /// The methods this socket accepts, in declaration order.
  public var methods: [Method] {
    Method.allCases.filter(self.permits)
  }
}
