import Synchronization

/// A ``RemoteStoreNetworkSession`` over libcurl.
///
/// Every transfer runs on one dedicated thread that drives a libcurl multi
/// handle (``CurlMultiLoop``): the calling task suspends on a continuation
/// and the cooperative pool never blocks on the network. Cancelling the
/// calling task wakes that thread, which removes the transfer at once and
/// resumes the caller with `CancellationError`.
///
/// Each request asks for any content encoding libcurl can decode (gzip,
/// deflate, …), sends `If-None-Match`/`If-Modified-Since` from its
/// validators, verifies TLS (always), follows at most
/// ``Configuration/maximumRedirects`` redirects over http and https only,
/// and enforces the connect and total timeouts and the size cap.
public struct CurlNetworkSession: RemoteStoreNetworkSession {
  private let settings: Settings

  /// The limits and identity of every transfer that starts now.
  public var configuration: Configuration {
    self.settings.current.withLock { $0 }
  }

  /// Replaces the limits of the transfers that start from now on (a
  /// reload); those running keep theirs. Copies of the session share them.
  public func reconfigure(_ configuration: Configuration) {
    self.settings.current.withLock { $0 = configuration }
  }

  /// Creates a session; it holds no connection of its own (libcurl keeps
  /// connections to reuse in the shared loop).
  ///
  /// libcurl (and the TLS library under it) is initialised here, when the
  /// daemon starts, rather than by the first poll: a stop that comes while a
  /// first poll runs then never meets that initialisation half done on
  /// another thread while the process exits.
  public init(configuration: Configuration = Configuration()) {
    self.settings = Settings(configuration)
    _ = CurlMultiLoop.shared
  }

  /// Sends `request` on the shared libcurl loop and suspends until it finishes.
  ///
  /// - Throws: ``NetworkError`` when no complete response arrived,
  ///   `CancellationError` when the calling task was cancelled.
  public func get(_ request: NetworkRequest) async throws -> NetworkResponse {
    try await self.send(request)
  }

  /// Sends `request` (a GET, or a POST when it has a body) on the shared
  /// libcurl loop and suspends until it finishes.
  ///
  /// - Throws: ``NetworkError`` when no complete response arrived,
  ///   `CancellationError` when the calling task was cancelled.
  public func send(_ request: NetworkRequest) async throws -> NetworkResponse {
    guard let loop = CurlMultiLoop.shared else {
      throw NetworkError(kind: .setup, url: request.url, detail: "libcurl could not be initialized")
    }
    let transfer = try CurlTransfer(request: request, configuration: self.configuration)
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        transfer.start(on: loop, continuation: continuation)
      }
    } onCancel: {
      loop.cancel(transfer)
    }
  }
}

extension CurlNetworkSession {
  private final class Settings: Sendable {
    let current: Mutex<Configuration>

    init(_ configuration: Configuration) {
      self.current = Mutex(configuration)
    }
  }
}
