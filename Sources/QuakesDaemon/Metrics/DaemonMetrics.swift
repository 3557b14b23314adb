import CoreMetrics
import Foundation
public import Prometheus
import QuakesData
import QuakesModel
package import QuakesProtocol
public import QuakesServer
import Synchronization

/// The daemon's metrics (docs/metrics.md): swift-metrics instruments on a
/// Prometheus registry of the daemon's own, which ``text(_:)`` writes in
/// Prometheus' text format for `/metrics` and `daemon.metrics`.
///
/// Events are counted where they happen (a poll, a request, a dropped
/// watcher); what the state already knows (quakes cached, each feed's last
/// success) is read from a snapshot when the metrics are asked for. The
/// registry and its factory are the daemon's, not swift-metrics' global
/// ones, so two daemons in one process (tests) keep apart.
public final class DaemonMetrics: RequestMetrics {
  /// The registry the instruments write to.
  public let registry: PrometheusCollectorRegistry
  let factory: PrometheusMetricsFactory
  /// Each method's request counters by outcome, and its latency histogram,
  /// made once: a request then costs two dictionary reads and the
  /// instruments' own updates, no registry lookup.
  private let requestInstruments: [RequestInstruments]
  /// The per-feed series written at the last scrape, to remove those of a
  /// feed no longer polled or a value no longer known.
  private let feedSeries = Mutex<Set<FeedSeries>>([])

  /// One method's instruments; ``outcomes`` is `ok`, then each error code
  /// in the order of `ErrorCode.allCases`.
  private struct RequestInstruments: Sendable {
    let outcomes: [CoreMetrics.Counter]
    let duration: CoreMetrics.Timer
  }

  private struct FeedSeries: Hashable {
    let name: String
    let feed: String
  }

  /// The `method` label of a line that was no request.
  static let invalidRequest = "invalid"

  /// Metrics with their histogram buckets; nothing counted yet.
  public init() {
    self.registry = PrometheusCollectorRegistry()
    var factory = PrometheusMetricsFactory(registry: self.registry)
    factory.durationHistogramBuckets = [
      Name.pollDuration: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60].map(Duration.seconds),
      Name.requestDuration: [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5]
        .map(Duration.seconds),
    ]
    self.factory = factory
    let outcomes = ["ok"] + ErrorCode.allCases.map(\.rawValue)
    let methods = QuakesProtocol.Method.allCases.map(\.rawValue) + [Self.invalidRequest]
    // One entry per method in the order of `Method.allCases`, then one for
    // a line that was no request.
    self.requestInstruments = methods.map { method in
      RequestInstruments(
        outcomes: outcomes.map { outcome in
          Counter(label: Name.requests, dimensions: [("method", method), ("outcome", outcome)], factory: factory)
        },
        duration: CoreMetrics.Timer(label: Name.requestDuration, dimensions: [("method", method)], factory: factory))
    }
    Gauge(label: Name.buildInfo, dimensions: [("version", QuakesdProduct.version)], factory: factory).record(1)
    // Counters exist from the start, at zero, so that a rate or an alert
    // on them has a series before the first event.
    Counter(label: Name.watchersDropped, factory: factory).increment(by: 0)
    Counter(label: Name.retentionRemoved, factory: factory).increment(by: 0)
    for outcome in ["applied", "refused"] {
      Counter(label: Name.reloads, dimensions: [("outcome", outcome)], factory: factory).increment(by: 0)
    }
    for change in ["inserted", "updated", "deleted"] {
      Counter(label: Name.rowsWritten, dimensions: [("change", change)], factory: factory).increment(by: 0)
    }
    self.startHistorySeries()
    self.startAlertSeries()
  }

  /// The metric names, in one place.
  enum Name {
    static let buildInfo = "quakesd_build_info"
    static let startTime = "quakesd_start_time_seconds"
    static let polls = "quakesd_polls_total"
    static let pollDuration = "quakesd_poll_duration_seconds"
    static let rowsWritten = "quakesd_rows_written_total"
    static let fetchedBytes = "quakesd_fetched_bytes_total"
    static let decodeErrors = "quakesd_feed_decode_errors_total"
    static let skippedFeatures = "quakesd_skipped_features_total"
    static let retentionRemoved = "quakesd_retention_removed_total"
    static let requests = "quakesd_requests_total"
    static let requestDuration = "quakesd_request_duration_seconds"
    static let watchersDropped = "quakesd_watchers_dropped_total"
    static let reloads = "quakesd_reloads_total"
    static let quakesCached = "quakesd_quakes_cached"
    static let quakesInMemory = "quakesd_quakes_in_memory"
    static let lastSuccess = "quakesd_feed_last_success_timestamp_seconds"
    static let generated = "quakesd_feed_generated_timestamp_seconds"
    static let interval = "quakesd_feed_interval_seconds"
    static let databaseSize = "quakesd_database_size_bytes"
    static let writeAheadLogSize = "quakesd_database_wal_bytes"
    static let pageCacheSize = "quakesd_database_page_cache_limit_bytes"
    static let clients = "quakesd_clients_connected"
    static let watchers = "quakesd_watchers"
    static let longAnswers = "quakesd_long_answers"
    static let fdsnRequests = "quakesd_fdsn_requests_total"
    static let historyWindows = "quakesd_history_windows_total"
    static let historyEventsFetched = "quakesd_history_events_fetched_total"
    static let historyJobs = "quakesd_history_jobs_total"
    static let storeRole = "quakesd_store_role"
    static let storeEpoch = "quakesd_store_epoch"
    static let storeChange = "quakesd_store_change"
    static let storeFollowLag = "quakesd_store_follow_lag_seconds"
    static let alertAttempts = "quakesd_alert_attempts_total"
    static let alertRepeats = "quakesd_alert_repeats_total"
  }

  /// A response to a fetch of `feed` arrived: `bytes` of body (after
  /// decompression), the features the decoder skipped, and whether it was
  /// no feed at all.
  func fetched(_ feed: QuakesFeed, bytes: Int, skippedFeatures: Int, notAFeed: Bool) {
    let dimensions = [("feed", feed.name)]
    Counter(label: Name.fetchedBytes, dimensions: dimensions, factory: self.factory).increment(by: Int64(bytes))
    Counter(label: Name.skippedFeatures, dimensions: dimensions, factory: self.factory)
      .increment(by: Int64(skippedFeatures))
    if notAFeed {
      Counter(label: Name.decodeErrors, dimensions: dimensions, factory: self.factory).increment()
    }
  }

  /// The retention rules removed `count` quakes.
  func expired(_ count: Int) {
    Counter(label: Name.retentionRemoved, factory: self.factory).increment(by: Int64(count))
  }

  /// A request for `method` (`nil`: a line that was no request) was
  /// answered with `error` (`nil`: a result) after `duration` (to its first
  /// line, for a streamed reply).
  package func answered(_ method: QuakesProtocol.Method?, error: ErrorCode?, duration: Duration) {
    let methodIndex = method.flatMap(Self.methodIndex) ?? self.requestInstruments.count - 1
    let outcomeIndex = error.flatMap(Self.errorIndex).map { $0 + 1 } ?? 0
    let instruments = self.requestInstruments[methodIndex]
    instruments.outcomes[outcomeIndex].increment()
    instruments.duration.recordNanoseconds(duration.nanoseconds)
  }

  private static func methodIndex(_ method: QuakesProtocol.Method) -> Int? {
    QuakesProtocol.Method.allCases.firstIndex(of: method)
  }

  private static func errorIndex(_ code: ErrorCode) -> Int? {
    ErrorCode.allCases.firstIndex(of: code)
  }

  /// A watcher fell behind and was dropped.
  package func watcherDropped() {
    Counter(label: Name.watchersDropped, factory: self.factory).increment()
  }

  /// A reload ended: `applied` or `refused`.
  func reloaded(_ outcome: String) {
    Counter(label: Name.reloads, dimensions: [("outcome", outcome)], factory: self.factory).increment()
  }

  /// The metrics now, in Prometheus' text format (version 0.0.4), with the
  /// values of `sample` recorded first.
  func text(_ sample: MetricsSample) -> String {
    let gauge = { (name: String, dimensions: [(String, String)], value: Double) in
      Gauge(label: name, dimensions: dimensions, factory: self.factory).record(value)
    }
    gauge(Name.startTime, [], sample.startedAt.timeIntervalSince1970)
    gauge(Name.quakesCached, [], Double(sample.quakesCached))
    gauge(Name.quakesInMemory, [], Double(sample.quakesInMemory))
    gauge(Name.clients, [], Double(sample.clients))
    gauge(Name.watchers, [], Double(sample.watchers))
    for answers in sample.longAnswers {
      gauge(Name.longAnswers, [("face", answers.face), ("state", "writing")], Double(answers.writing))
      gauge(Name.longAnswers, [("face", answers.face), ("state", "waiting")], Double(answers.waiting))
    }
    if let size = sample.databaseBytes { gauge(Name.databaseSize, [], Double(size)) }
    if let size = sample.writeAheadLogBytes { gauge(Name.writeAheadLogSize, [], Double(size)) }
    if let size = sample.pageCacheBytes { gauge(Name.pageCacheSize, [], Double(size)) }
    if let store = sample.store {
      for role in ["leader", "follower", "reader"] {
        gauge(Name.storeRole, [("role", role)], store.role == role ? 1 : 0)
      }
      gauge(Name.storeEpoch, [], Double(store.epoch ?? 0))
      gauge(Name.storeChange, [], Double(store.change))
      if let lag = store.lagSeconds { gauge(Name.storeFollowLag, [], lag) }
    }
    var written: Set<FeedSeries> = []
    for feed in sample.feeds {
      let dimensions = [("feed", feed.feed.name)]
      for name in [Name.fetchedBytes, Name.skippedFeatures, Name.decodeErrors] {
        Counter(label: name, dimensions: dimensions, factory: self.factory).increment(by: 0)
      }
      if feed.interval != nil {
        for outcome in PollOutcome.metricLabels {
          Counter(label: Name.polls, dimensions: dimensions + [("outcome", outcome)], factory: self.factory)
            .increment(by: 0)
        }
      }
      let values = [
        (Name.lastSuccess, feed.lastSuccess?.timeIntervalSince1970),
        (Name.generated, feed.generated?.timeIntervalSince1970),
        (Name.interval, feed.interval?.seconds),
      ]
      for case let (name, value?) in values {
        gauge(name, dimensions, value)
        written.insert(FeedSeries(name: name, feed: feed.feed.name))
      }
    }
    let gone = self.feedSeries.withLock { previous in
      defer { previous = written }
      return previous.subtracting(written)
    }
    for series in gone {
      Gauge(label: series.name, dimensions: [("feed", series.feed)], factory: self.factory).destroy()
    }
    return self.registry.emitToString()
  }
}

extension Duration {
  /// The duration in whole nanoseconds, saturating.
  var nanoseconds: Int64 {
    let (seconds, attoseconds) = self.components
    let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    return overflow
      ? (seconds < 0 ? .min : .max) : whole.addingReportingOverflow(attoseconds / 1_000_000_000).partialValue
  }
}

extension PollOutcome {
  /// Every `outcome` label of `quakesd_polls_total`.
  static let metricLabels = ["written", "not_modified", "fetch_failed", "write_failed"]
}
