/// The final HTTP response to a ``NetworkRequest`` (after redirects).
///
/// The body is already decoded from any `Content-Encoding` (gzip, deflate…)
/// the client negotiated; ``contentEncoding`` says which one the server used.
public struct NetworkResponse: Hashable, Sendable {
  /// The URL that answered, after redirects.
  public var url: String
  /// The status code, e.g. `200`, `304`.
  public var status: Int
  /// The status line as received, e.g. `HTTP/1.1 404 Not Found` (HTTP/2 has no
  /// reason phrase: `HTTP/2 404`).
  public var statusLine: String
  /// The response headers, names lowercased; a header sent twice has its
  /// values joined with `, `, as HTTP allows.
  public var headers: [String: String]
  /// The body, decoded from its content encoding.
  public var body: [UInt8]

  /// Creates a response.
  public init(url: String, status: Int, statusLine: String, headers: [String: String] = [:], body: [UInt8] = []) {
    self.url = url
    self.status = status
    self.statusLine = statusLine
    self.headers = headers
    self.body = body
  }

  /// The value of the header `name` (any case), if the response has it.
  public func header(_ name: String) -> String? {
    self.headers[name.lowercased()]
  }

  /// The `ETag` header: the validator to send back as `If-None-Match`.
  public var etag: String? { self.header("etag") }
  /// The `Last-Modified` header: the validator to send back as `If-Modified-Since`.
  public var lastModified: String? { self.header("last-modified") }
  /// The `Content-Encoding` header: how the body travelled (`gzip`), before decoding.
  public var contentEncoding: String? { self.header("content-encoding") }
  /// The `Content-Type` header.
  public var contentType: String? { self.header("content-type") }
}
