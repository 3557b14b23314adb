extension NetworkError {
  /// The causes of a failed transfer that callers and operators tell apart.
  public enum Kind: Hashable, Sendable {
    /// The URL is malformed or its scheme is not `http`/`https`.
    case invalidURL
    /// The host name did not resolve (DNS).
    case hostNotFound
    /// The host refused the connection: nothing listens on that port.
    case connectionRefused
    /// No connection could be made for another reason (unreachable network, …).
    case cannotConnect
    /// No connection was made within the connect timeout (or the total
    /// timeout, when it is shorter).
    case connectTimedOut(limit: Duration)
    /// The whole response did not arrive within the total timeout.
    case timedOut(limit: Duration)
    /// The TLS handshake or the certificate's verification failed.
    case tls
    /// The body ended before its announced length (or its last chunk).
    case truncated
    /// The body is larger than the cap.
    case tooLarge(limit: Int)
    /// The server redirected more times than allowed.
    case tooManyRedirects(limit: Int)
    /// The server closed the connection without sending any response.
    case emptyReply
    /// The connection broke while sending or receiving.
    case connectionLost
    /// The body could not be decoded from its `Content-Encoding`.
    case badContentEncoding
    /// What came back is not HTTP.
    case invalidResponse
    /// libcurl could not set up the transfer (out of memory, missing feature).
    case setup
    /// Any other libcurl error, by its `CURLcode`.
    case other(code: Int)

    /// What happened, in words.
    var phrase: String {
      switch self {
      case .invalidURL: "the URL is not a valid http or https URL"
      case .hostNotFound: "the host name could not be resolved; check DNS and the network, or the base URL"
      case .connectionRefused: "the connection was refused: nothing listens at that address and port"
      case .cannotConnect: "no connection could be made to the host"
      case .connectTimedOut(let limit):
        "no connection to the host within \(Phrase.duration(limit)) (the connect timeout)"
      case .timedOut(let limit): "no complete response within the total timeout of \(Phrase.duration(limit))"
      case .tls:
        "the TLS handshake or the certificate's verification failed (TLS is always verified; "
          + "check the system's CA certificates and clock)"
      case .truncated: "the body ended before its announced length: the connection closed mid-transfer"
      case .tooLarge(let limit):
        "the response is larger than the cap of \(Phrase.byteCount(limit)); the transfer was stopped"
      case .tooManyRedirects(let limit): "the server redirected more than \(limit) times"
      case .emptyReply: "the server closed the connection without answering"
      case .connectionLost: "the connection broke during the transfer"
      case .badContentEncoding: "the body could not be decoded from its Content-Encoding"
      case .invalidResponse: "the server's answer is not HTTP"
      case .setup: "libcurl could not set up the transfer"
      case .other(let code): "libcurl error \(code)"
      }
    }
  }
}
