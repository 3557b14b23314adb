import NIOCore
import NIOHTTP1
import NIOHTTPCompression
import NIOPosix

/// A stand-in for the USGS feed server, on 127.0.0.1: an HTTP/1.1 server
/// (SwiftNIO) that serves the feed bodies a test sets, the way the real
/// service does, and fails on command.
///
/// It answers `GET <basePath><feed>.geojson` with the body set by
/// ``setFeed(_:body:lastModified:)``: `ETag` (a hash of the body, quoted),
/// `Last-Modified`, `Content-Length`, `304 Not Modified` for a matching
/// `If-None-Match` (or, without one, an `If-Modified-Since` not older than
/// the body), and gzip when the request's `Accept-Encoding` allows it
/// (preferred over deflate, as USGS does). ``setBehaviour(_:forFeed:)`` makes
/// a feed fail: an error status, a delay, no answer at all, a truncated body,
/// invalid JSON, an HTML page, a body over a size cap. Every request's head
/// is recorded (``requests``) for assertions, and ``waitForRequests(_:forFeed:)``
/// awaits their arrival, so tests synchronise on events rather than sleeps.
///
/// Under ``fdsnPath`` it also answers as USGS's FDSN event service
/// (`query`, `count`, `version`) from an ``FDSNCatalogue`` a test sets with
/// ``setFDSNCatalogue(_:)``, with USGS's parameters, limits and error pages,
/// and fails on command there too (``failFDSN(next:status:retryAfter:)``).
///
/// Start it with ``start(host:port:basePath:)`` and always stop it with
/// ``shutdown()``, or use ``withUSGSStandIn(host:port:basePath:isolation:_:)``, which
/// does both. Port 0 (the default) lets the kernel choose a free port.
public final class USGSStandIn: Sendable {
  /// The path of the real service's feed folder, `/earthquakes/feed/v1.0/summary/`.
  public static let defaultBasePath = "/earthquakes/feed/v1.0/summary/"

  /// The IPv4 address the stand-in listens on: 127.0.0.1 unless started on another.
  public let host: String
  /// The port the stand-in listens on.
  public let port: Int
  /// The path of the feed folder, starting and ending with `/`.
  public let basePath: String

  let state: StandInState
  private let group: MultiThreadedEventLoopGroup
  private let channel: any Channel

  private init(
    host: String, port: Int, state: StandInState, group: MultiThreadedEventLoopGroup, channel: any Channel
  ) {
    self.host = host
    self.port = port
    self.basePath = state.basePath
    self.state = state
    self.group = group
    self.channel = channel
  }

  deinit {
    // A safety net for a test that forgot shutdown(): free the thread and the port.
    if !self.state.isShutDown {
      self.group.shutdownGracefully { _ in }
    }
  }

  /// The base URL to configure the daemon with, e.g.
  /// `http://127.0.0.1:40123/earthquakes/feed/v1.0/summary/`.
  public var baseURL: String { "http://\(self.host):\(self.port)\(self.basePath)" }

  /// The URL of the feed `name` (e.g. `all_day`).
  public func url(forFeed name: String) -> String {
    self.baseURL + name + ".geojson"
  }

  /// Starts a stand-in listening on 127.0.0.1, or on `host`.
  ///
  /// - Parameters:
  ///   - host: the IPv4 address to listen on (a test's network namespace
  ///     reaches the host on another than 127.0.0.1).
  ///   - port: the port; 0 (the default) lets the kernel choose a free one (see ``port``).
  ///   - basePath: the feed folder's path; a missing leading or trailing `/` is added.
  public static func start(
    host: String = "127.0.0.1", port: Int = 0, basePath: String = USGSStandIn.defaultBasePath
  ) async throws -> USGSStandIn {
    let state = StandInState(basePath: Self.normalized(basePath))
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    do {
      let channel = try await ServerBootstrap(group: group)
        .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
        .childChannelInitializer { channel in
          channel.eventLoop.makeCompletedFuture {
            let pipeline = channel.pipeline.syncOperations
            try pipeline.configureHTTPServerPipeline(withErrorHandling: true)
            try pipeline.addHandler(StandInRecorder(state: state))
            try pipeline.addHandler(
              HTTPResponseCompressor(responseCompressionPredicate: StandInResponder.compressionIntent))
            try pipeline.addHandler(StandInResponder(state: state))
          }
        }
        .bind(host: host, port: port)
        .get()
      guard let boundPort = channel.localAddress?.port else {
        try? await channel.close()
        throw StandInError("the listening socket has no port")
      }
      return USGSStandIn(host: host, port: boundPort, state: state, group: group, channel: channel)
    } catch {
      try? await group.shutdownGracefully()
      throw error
    }
  }

  /// Stops listening, closes every connection (including those it never
  /// answered) and ends the stand-in's thread; wakes every
  /// ``waitForRequests(_:forFeed:)``. Safe to call more than once.
  public func shutdown() async {
    guard self.state.shutDown() else { return }
    try? await self.channel.close()
    try? await self.group.shutdownGracefully()
  }

  private static func normalized(_ basePath: String) -> String {
    var path = basePath
    if !path.hasPrefix("/") { path = "/" + path }
    if !path.hasSuffix("/") { path += "/" }
    return path
  }
}
