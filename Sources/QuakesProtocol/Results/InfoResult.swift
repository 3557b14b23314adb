/// The result of `daemon.info`: what this daemon is and what it can do, so
/// a client can check compatibility before it relies on anything else.
public struct InfoResult: Hashable, Sendable, Codable {
  /// The wire protocol version the daemon speaks (``WireProtocol/version``).
  public var `protocol`: Int
  /// The daemon's release, e.g. `0.1.0`.
  public var version: String
  /// The socket the client asked through: `control` or `query`.
  public var socket: SocketRole
  /// The names of the methods this socket accepts, in a stable order. Names,
  /// not ``Method`` values: a newer daemon may list methods this client does
  /// not know, and `daemon.info` is how a client finds out, so it must still
  /// read the reply.
  public var methods: [String]

  /// Creates a result.
  public init(protocol: Int, version: String, socket: SocketRole, methods: [String]) {
    self.protocol = `protocol`
    self.version = version
    self.socket = socket
    self.methods = methods
  }
}
