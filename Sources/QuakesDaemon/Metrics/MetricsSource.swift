import Foundation
import QuakesData
import QuakesServer

/// Where the metrics read what the daemon already keeps: the state (by a
/// snapshot), the status reporter's timetable and database file, the
/// connections, the watchers and the long answers.
struct MetricsSource: MetricsText {
  let metrics: DaemonMetrics
  let reporter: StatusReporter
  let connections: ConnectionCount
  let watchHub: WatchHub
  /// The slots of each face's long answers, by the face's name.
  let longAnswers: [(face: String, slots: AnswerSlots)]

  /// The metrics of `state` now, in Prometheus' text format.
  func text(of state: QuakesState) -> String {
    var feeds = Set(self.reporter.timetable.feeds)
    feeds.formUnion(state.selectFeedStates().keys)
    let sample = MetricsSample(
      startedAt: self.reporter.startedAt,
      quakesCached: state.selectQuakesCount(),
      quakesInMemory: state.selectLiveQuakesCount(),
      databaseBytes: self.reporter.databaseSize(),
      writeAheadLogBytes: self.reporter.databaseSize(of: ["-wal"]),
      pageCacheBytes: self.reporter.databasePageCacheBytes,
      clients: self.connections.current,
      watchers: self.watchHub.watcherCount,
      longAnswers: self.longAnswers.map {
        MetricsSample.LongAnswers(face: $0.face, writing: $0.slots.count - $0.slots.free, waiting: $0.slots.waiting)
      },
      feeds: feeds.sorted().map { feed in
        let record = state.selectFeed(feed)?.record
        return MetricsSample.Feed(
          feed: feed, lastSuccess: record?.lastSuccess, generated: record?.generated,
          interval: self.reporter.timetable.interval(of: feed))
      },
      store: self.reporter.sharedStore())
    return self.metrics.text(sample)
  }
}
