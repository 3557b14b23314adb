/// How the remote store reaches the FDSN event service: where it is, the
/// pacer that keeps requests polite, and how long to retry.
public struct FDSNAccess: Sendable {
  /// Where the service lives.
  public var service: FDSNService
  /// One request at a time, spaced; shared by every job of the daemon.
  public var pacer: RequestPacer
  /// How long a request keeps trying.
  public var retry: FDSNRetryPolicy
  /// Told of each answer's status, or of a transfer that failed (metrics).
  public var observe: @Sendable (Result<Int, NetworkError>) -> Void

  /// Creates the access; by default the real service, 0.6 s between
  /// requests, and the default retries.
  public init(
    service: FDSNService = FDSNService(),
    pacer: RequestPacer = RequestPacer(interval: .milliseconds(600)),
    retry: FDSNRetryPolicy = FDSNRetryPolicy(),
    observe: @escaping @Sendable (Result<Int, NetworkError>) -> Void = { _ in }
  ) {
    self.service = service
    self.pacer = pacer
    self.retry = retry
    self.observe = observe
  }
}
