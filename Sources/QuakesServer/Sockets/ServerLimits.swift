/// The limits that keep one client from costing the daemon more than its share.
public struct ServerLimits: Hashable, Sendable {
  /// How long a connection may stay silent (no request being answered, no
  /// watch; waiting for the client to read a reply counts as silent) before
  /// it is closed. Only a whole request line breaks the silence, so this is
  /// also the deadline for a request line to arrive whole: bytes of an
  /// unfinished line do not count.
  public var idleTimeout: Duration
  /// How many lines a watcher may fall behind before it is dropped.
  public var watchBufferLines: Int
  /// How many clients may be connected at once, over both sockets.
  public var maximumConnections: Int
  /// How many bytes the cached `quakes.list` results may take together.
  public var listCacheBytes: Int

  /// Creates limits; by default 5 minutes idle, 1,024 watch lines, 4,096
  /// connections, 32 MiB of cached lists.
  public init(
    idleTimeout: Duration = .seconds(300), watchBufferLines: Int = 1_024, maximumConnections: Int = 4_096,
    listCacheBytes: Int = 32 << 20
  ) {
    self.idleTimeout = idleTimeout
    self.watchBufferLines = watchBufferLines
    self.maximumConnections = maximumConnections
    self.listCacheBytes = listCacheBytes
  }
}
