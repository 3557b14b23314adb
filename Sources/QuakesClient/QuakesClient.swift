import FoundationEssentials
public import QuakesProtocol

/// The client side of the quakesd protocol: one request, one reply, on the
/// socket the method needs (read-only methods on `query.sock`, the others on
/// `control.sock`), within a timeout.
public struct QuakesClient: Sendable {
  /// Where the sockets are.
  public let sockets: SocketPaths
  /// How long to wait for a reply; `nil` waits forever.
  public let timeout: Duration?

  /// Creates a client.
  public init(sockets: SocketPaths, timeout: Duration?) {
    self.sockets = sockets
    self.timeout = timeout
  }

  /// The socket `method` is sent to.
  public func path(for method: QuakesProtocol.Method) -> String {
    self.sockets.path(for: SocketRole(for: method))
  }

  /// Calls `call` with `params` and returns its result, of the type the
  /// call declares.
  ///
  /// - Throws: ``ClientError``: the daemon's own error, or why it could not
  ///   be asked; ``ClientError/usage(_:)`` for a call whose reply is a
  ///   stream (``watch(filter:_:)``, ``backup(_:)`` read those).
  public func call<Params, Result>(_ call: Call<Params, Result>, params: Params) throws(ClientError) -> Result {
    try self.send(call, params: Optional(params))
  }

  /// Calls `call`, which takes no params, and returns its result.
  ///
  /// - Throws: ``ClientError``, as ``call(_:params:)``.
  public func call<Result>(_ call: Call<NoParams, Result>) throws(ClientError) -> Result {
    try self.send(call, params: nil)
  }

  private func send<Params, Result>(_ call: Call<Params, Result>, params: Params?) throws(ClientError) -> Result {
    guard !call.streams else {
      throw .usage("\(call.method.rawValue) answers with a stream of lines; read it with its own function")
    }
    let connection = try self.connect(for: call.method)
    try connection.send(Self.requestLine(call.method, params: params, more: false))
    let deadline = self.timeout.map { ContinuousClock.now + $0 }
    let line = try connection.readLine(deadline: deadline, timeout: self.timeout)
    return try Self.decode(line, as: Result.self, path: connection.path)
  }

  /// Calls `quakes.list` for `params` and hands `onPage` the list a line at
  /// a time as the daemon streams it (`"more":true`): each line is a whole
  /// ``ListResult`` with the same `matched`, so a caller can print it and
  /// forget it. ``timeout`` bounds the wait for each line, not the whole list.
  public func list(_ params: ListParams, _ onPage: (ListResult) throws -> Void) throws(ClientError) {
    try self.stream(.list, params: params, timeout: self.timeout, onPage)
  }

  /// Calls `quakes.watch` and hands `onEvent` every event until the daemon
  /// ends the stream (no timeout: a watch waits as long as it takes).
  public func watch(filter: FilterParams? = nil, _ onEvent: (WatchEvent) throws -> Void) throws(ClientError) {
    try self.stream(.watch, params: filter, timeout: nil, onEvent)
  }

  /// Calls `daemon.backup` and hands `onPart` each line of the copy as the
  /// daemon streams it; ``timeout`` bounds the wait for each line (the
  /// first comes once the daemon made its copy).
  public func backup(_ onPart: (BackupPart) throws -> Void) throws(ClientError) {
    try self.stream(.backup, params: nil, timeout: self.timeout, onPart)
  }

  /// Sends `call` with `"more":true` and hands `onResult` each line's
  /// result until the line that does not continue, waiting at most
  /// `timeout` for each.
  private func stream<Params, Result>(
    _ call: Call<Params, Result>, params: Params?, timeout: Duration?, _ onResult: (Result) throws -> Void
  ) throws(ClientError) {
    let connection = try self.connect(for: call.method)
    try connection.send(Self.requestLine(call.method, params: params, more: true))
    while true {
      let deadline = timeout.map { ContinuousClock.now + $0 }
      let line = try connection.readLine(deadline: deadline, timeout: timeout)
      let envelope = try Self.envelope(line, as: Result.self, path: connection.path)
      guard let result = envelope.result else { throw Self.failure(envelope.error, path: connection.path) }
      do {
        try onResult(result)
      } catch {
        throw .connection("\(error)")
      }
      if envelope.continues != true { return }
    }
  }

  private func connect(for method: QuakesProtocol.Method) throws(ClientError) -> DaemonConnection {
    let path = self.path(for: method)
    let tried = self.sockets.isExplicit ? [] : self.sockets.candidates.map { "\($0)/" }
    return try DaemonConnection(path: path, tried: tried)
  }

  private static func requestLine(_ method: QuakesProtocol.Method, params: (some Encodable)?, more: Bool)
    throws(ClientError) -> Data
  {
    do {
      return try Request.line(method: method, params: params, more: more)
    } catch {
      throw .usage("cannot encode the request: \(error)")
    }
  }

  private static func decode<Result: Decodable>(_ line: Data, as _: Result.Type, path: String) throws(ClientError)
    -> Result
  {
    let envelope = try self.envelope(line, as: Result.self, path: path)
    guard let result = envelope.result else { throw self.failure(envelope.error, path: path) }
    return result
  }

  private static func envelope<Result: Decodable>(_ line: Data, as _: Result.Type, path: String) throws(ClientError)
    -> ReplyEnvelope<Result>
  {
    let version = (try? JSONDecoder().decode(ProtocolVersion.self, from: line))?.v
    guard let version else {
      throw .connection(
        "the reply from \(path) is not a quakesd reply: \(String(decoding: line.prefix(200), as: UTF8.self))")
    }
    guard version == WireProtocol.version else { throw .versionMismatch(daemon: version, path: path) }
    do {
      return try JSONDecoder().decode(ReplyEnvelope<Result>.self, from: line)
    } catch {
      throw .connection(
        "the reply from \(path) does not have the expected shape (\(error)); is quakectl as new as quakesd?")
    }
  }

  /// Just the `"v"` of a line: read first, so another version's shape is
  /// reported as a version mismatch rather than a decoding failure.
  private struct ProtocolVersion: Decodable {
    var v: Int?
  }

  private static func failure(_ error: ProtocolError?, path: String) -> ClientError {
    guard let error else { return .connection("the reply from \(path) holds neither a result nor an error") }
    switch error.code {
    case .permissionDenied: return .permissionDenied(path: path, detail: error.message)
    case .unsupportedVersion: return .versionMismatch(daemon: -1, path: path)
    default: return .daemon(error)
    }
  }
}
