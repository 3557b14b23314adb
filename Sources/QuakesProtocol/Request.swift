public import FoundationEssentials

/// One request line: `{"v":1,"id":7,"method":"quakes.list","params":{…},"more":true}`.
///
/// `v` defaults to the current version, `id` is optional (any JSON scalar,
/// echoed back), `params` is an object whose shape depends on the method,
/// `more` asks for a streamed reply (`quakes.watch`).
public struct Request: Sendable {
  /// The protocol version the client speaks.
  public var version: Int
  /// The client's id for this request, echoed in every reply line.
  public var id: JSONScalar?
  /// What to do.
  public var method: Method
  /// Whether the client asked for a stream of replies.
  public var more: Bool
  /// The request line, kept to decode the params once the method is known.
  private let line: Data
}

extension Request {
  private struct Envelope: Decodable {
    var v: Int?
    var id: JSONScalar?
    var method: String?
    var more: Bool?

    private enum CodingKeys: String, CodingKey {
      case v, id, method, more
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      self.v = try container.decodeIfPresent(Int.self, forKey: .v)
      self.id = try container.decodeRequestID(forKey: .id)
      self.method = try container.decodeIfPresent(String.self, forKey: .method)
      self.more = try container.decodeIfPresent(Bool.self, forKey: .more)
    }
  }

  private struct IdOnly: Decodable {
    var id: JSONScalar?

    private enum CodingKeys: String, CodingKey {
      case id
    }

    init(from decoder: any Decoder) throws {
      self.id = try decoder.container(keyedBy: CodingKeys.self).decodeRequestID(forKey: .id)
    }
  }

  private struct ParamsEnvelope<Params: Decodable>: Decodable {
    var params: Params?
  }

  /// Any JSON value, read and dropped: a `[String: AnyValue]` decodes
  /// from a well-formed line that is a JSON object, whatever it holds.
  private struct AnyValue: Decodable {
    init(from decoder: any Decoder) throws {}
  }

  /// A line that is not a request the daemon can run: the error to reply
  /// with, and the request's id if one could be read.
  public struct Rejection: Error, Sendable {
    /// The id to echo, if the line had a readable one.
    public var id: JSONScalar?
    /// Why the line was rejected.
    public var error: ProtocolError
  }

  /// Parses one line (without its newline).
  ///
  /// - Throws: a ``Rejection`` with ``ErrorCode/invalidRequest`` (not JSON,
  ///   not an object, no or unknown method) or
  ///   ``ErrorCode/unsupportedVersion``.
  public init(line: Data) throws(Rejection) {
    let decoder = JSONDecoder()
    let envelope: Envelope
    do {
      envelope = try decoder.decode(Envelope.self, from: line)
    } catch {
      let id = (try? decoder.decode(IdOnly.self, from: line))?.id
      throw Rejection(id: id, error: ProtocolError(.invalidRequest, Self.describe(error, in: line)))
    }
    let version = envelope.v ?? WireProtocol.version
    guard (WireProtocol.oldestVersion...WireProtocol.version).contains(version) else {
      throw Rejection(
        id: envelope.id,
        error: ProtocolError(
          .unsupportedVersion,
          "protocol version \(version) is not supported: this daemon speaks versions \(WireProtocol.oldestVersion) to \(WireProtocol.version); use a quakectl of the same release"
        ))
    }
    guard let name = envelope.method else {
      throw Rejection(
        id: envelope.id,
        error: ProtocolError(.invalidRequest, "the request has no \"method\"; known methods: \(Self.knownMethods)"))
    }
    guard let method = Method(rawValue: name) else {
      throw Rejection(
        id: envelope.id,
        error: ProtocolError(.invalidRequest, "unknown method \"\(name)\"; known methods: \(Self.knownMethods)"))
    }
    self.version = version
    self.id = envelope.id
    self.method = method
    self.more = envelope.more ?? false
    self.line = line
  }

  /// The request's params as `Params`; an absent `"params"` decodes as an empty object.
  ///
  /// - Throws: ``ProtocolError`` with ``ErrorCode/invalidRequest`` naming the bad param.
  public func params<Params: Decodable>(_ type: Params.Type) throws(ProtocolError) -> Params {
    let decoder = JSONDecoder()
    do {
      if let params = try decoder.decode(ParamsEnvelope<Params>.self, from: self.line).params {
        return params
      }
      return try decoder.decode(Params.self, from: Data("{}".utf8))
    } catch {
      throw ProtocolError(
        .invalidRequest, "bad params for \(self.method.rawValue): \(Self.describe(error, in: self.line))")
    }
  }

  private static var knownMethods: String {
    Method.allCases.map(\.rawValue).joined(separator: ", ")
  }

  private static func describe(_ error: any Error, in line: Data) -> String {
    guard let error = error as? DecodingError else { return String(describing: error) }
    switch error {
    case .dataCorrupted(let context) where context.codingPath.isEmpty:
      // The decoder names no path for a number it cannot hold (1e300 for an integer).
      if (try? JSONDecoder().decode([String: AnyValue].self, from: line)) != nil {
        return "a value cannot be read: \(context.debugDescription)"
      }
      return "the line is not a JSON object; send one JSON object per line, e.g. {\"v\":1,\"method\":\"quakes.count\"}"
    case .dataCorrupted(let context):
      return "\(self.path(context.codingPath)): \(context.debugDescription)"
    case .typeMismatch(let type, let context):
      if context.codingPath.isEmpty {
        return "the line is not a JSON object; send one JSON object per line"
      }
      return "\(self.path(context.codingPath)) must be \(self.name(of: type))"
    case .valueNotFound(let type, let context):
      return "\(self.path(context.codingPath)) must be \(self.name(of: type)), not null"
    case .keyNotFound(let key, let context):
      return "\(self.path(context.codingPath + [key])) is required"
    @unknown default:
      return String(describing: error)
    }
  }

  private static func path(_ codingPath: [any CodingKey]) -> String {
    let keys = codingPath.map(\.stringValue).filter { $0 != "params" }
    return keys.isEmpty ? "the value" : "\"" + keys.joined(separator: ".") + "\""
  }

  private static func name(of type: Any.Type) -> String {
    switch type {
    case is String.Type: "a string"
    case is Bool.Type: "true or false"
    case is Int.Type, is Int64.Type: "an integer"
    case is Double.Type: "a number"
    default: "\(type)"
    }
  }
}

extension Request {
  /// A request line as a client sends it, with its newline.
  public static func line(
    method: Method,
    id: JSONScalar? = nil,
    params: (some Encodable)?,
    more: Bool = false
  ) throws -> Data {
    var line = Data("{\"v\":\(WireProtocol.version)".utf8)
    if let id {
      line.append(contentsOf: Data(",\"id\":".utf8))
      line.append(try WireJSON.encode(id))
    }
    line.append(contentsOf: Data(",\"method\":\"\(method.rawValue)\"".utf8))
    if let params {
      line.append(contentsOf: Data(",\"params\":".utf8))
      line.append(try WireJSON.encode(params))
    }
    if more { line.append(contentsOf: Data(",\"more\":true".utf8)) }
    line.append(contentsOf: Data("}\n".utf8))
    return line
  }

  /// A request line without params, with its newline.
  public static func line(method: Method, id: JSONScalar? = nil, more: Bool = false) throws -> Data {
    try self.line(method: method, id: id, params: Optional<IdParams>.none, more: more)
  }
}
