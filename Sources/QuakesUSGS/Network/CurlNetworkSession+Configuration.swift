public import QuakesModel

extension CurlNetworkSession {
  /// The limits and identity of every transfer a session makes.
  public struct Configuration: Hashable, Sendable {
    /// How long to wait for a TCP (and TLS) connection. Default 10 s.
    public var connectTimeout: Duration
    /// How long a whole transfer may take, connection included. Default 60 s:
    /// the largest USGS feed (`all_month`, about 10 MB, 2 MB gzipped) takes a
    /// few seconds on a slow link.
    public var totalTimeout: Duration
    /// The largest body accepted, in bytes, after content decoding; a larger
    /// one is stopped while it arrives (and refused before it starts when its
    /// `Content-Length` says so). Default 64 MiB, several times `all_month`.
    public var maximumResponseSize: Int
    /// How many redirects are followed. Default 5.
    public var maximumRedirects: Int
    /// The `User-Agent` header. Default ``QuakesdProduct/userAgent``.
    public var userAgent: String

    /// Creates a configuration; every parameter has the daemon's default.
    public init(
      connectTimeout: Duration = .seconds(10),
      totalTimeout: Duration = .seconds(60),
      maximumResponseSize: Int = 64 << 20,
      maximumRedirects: Int = 5,
      userAgent: String = QuakesdProduct.userAgent
    ) {
      self.connectTimeout = connectTimeout
      self.totalTimeout = totalTimeout
      self.maximumResponseSize = maximumResponseSize
      self.maximumRedirects = maximumRedirects
      self.userAgent = userAgent
    }
  }
}
