/// The result of `daemon.metrics`: the daemon's metrics as a Prometheus
/// scrape would get them (docs/metrics.md).
public struct MetricsResult: Hashable, Sendable, Codable {
  /// The media type of ``text``: Prometheus' text format, version 0.0.4.
  public static let contentType = "text/plain; version=0.0.4; charset=utf-8"

  /// The metrics, one sample a line.
  public var text: String

  /// Creates a result.
  public init(text: String) {
    self.text = text
  }
}
