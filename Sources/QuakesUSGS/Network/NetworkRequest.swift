/// An HTTP request: a GET with the validators of a conditional request (a
/// feed), or a POST of a body with extra header fields (an alert webhook).
public struct NetworkRequest: Hashable, Sendable {
  /// The absolute `http` or `https` URL.
  public var url: String
  /// Sent as `If-None-Match`: the `ETag` of the copy the caller holds.
  public var ifNoneMatch: String?
  /// Sent as `If-Modified-Since`: the `Last-Modified` of the copy the caller holds, verbatim.
  public var ifModifiedSince: String?
  /// The body of a POST; `nil` for a GET.
  public var body: [UInt8]?
  /// Further header fields, each `(name, value)`; a field with a line
  /// break in it is left out.
  public var headers: [Header]

  /// Creates a GET; with validators, it is conditional, and an unchanged
  /// resource costs a `304 Not Modified` without a body.
  public init(url: String, ifNoneMatch: String? = nil, ifModifiedSince: String? = nil) {
    self.url = url
    self.ifNoneMatch = ifNoneMatch
    self.ifModifiedSince = ifModifiedSince
    self.body = nil
    self.headers = []
  }

  /// Creates a POST of `body` with `headers`.
  public init(post body: [UInt8], to url: String, headers: [Header]) {
    self.url = url
    self.body = body
    self.headers = headers
  }

  /// One header field.
  public struct Header: Hashable, Sendable {
    /// The field name, e.g. `Content-Type`.
    public var name: String
    /// Its value.
    public var value: String

    /// Creates a field.
    public init(_ name: String, _ value: String) {
      self.name = name
      self.value = value
    }
  }
}
