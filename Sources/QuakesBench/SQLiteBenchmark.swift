import Foundation
import HashTreeCollections
import QuakesData
import QuakesModel
import QuakesSQLite

/// The SQLite local store on the two writes that matter for a poll: a batch
/// of n new quakes into a fresh file (the first poll of `all_month`), and a
/// poll whose n quakes did not change (every later poll, most of the time),
/// which must write nothing. Rows written are SQLite's `total_changes()` on
/// the store's connection.
enum SQLiteBenchmark {
  /// Runs the benchmark for `[count]` (10,000 by default); returns the exit status.
  static func main(arguments: [String]) async -> Int32 {
    let count = arguments.first.flatMap { Int($0) } ?? 10_000
    do {
      try await self.run(count: count, repetitions: 5)
      return 0
    } catch {
      FileHandle.standardError.write(Data("error: \(error.localizedDescription)\n".utf8))
      return 1
    }
  }

  static func run(count: Int, repetitions: Int) async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("quakes-bench-sqlite-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }

    print("sqlite local store: \(count) quakes, files in \(directory.path), median (min) of \(repetitions) runs")
    var insert: [Duration] = []
    var update: [Duration] = []
    var poll: [Duration] = []
    var pollStore: [Duration] = []
    var load: [Duration] = []
    var loadByName: [Duration] = []
    var rows = (insert: 0, update: 0, poll: 0)
    var pollFileChanged = false
    var sizes = (database: 0, wal: 0)
    let clock = ContinuousClock()
    for run in 0..<repetitions {
      let path = directory.appendingPathComponent("run\(run).sqlite").path
      let store = try SQLiteLocalStore(path: path)
      let quakes = (0..<count).map { self.quake($0, version: 0) }
      let record = FeedRecord(generated: Date(), lastSuccess: Date())

      // A batch of `count` new quakes into a fresh file.
      var before = store.rowChanges()
      insert.append(
        try await clock.measure {
          try await store.didFetchRemoteQuakesMutation(
            feed: .allMonth, record: record, diff: QuakesDiff(inserted: quakes))
        })
      rows.insert = store.rowChanges() - before
      sizes = (self.size(path), self.size(path + "-wal"))

      // A poll whose `count` quakes did not change: reduce, diff, write.
      var state = QuakesState()
      state.quakes.status = .success
      for quake in quakes { state.quakes.data[quake.id] = quake }
      let batch = (0..<count).map { self.quake($0, version: 0) }
      let walBefore = self.fingerprint(path + "-wal")
      before = store.rowChanges()
      var storeTime = Duration.zero
      poll.append(
        try await clock.measure {
          let feedBatch = FeedBatch(quakes: batch)
          let action = QuakesAction.data(
            .persistentSession(
              .remoteStore(
                .didFetchQuakes(
                  feed: .allMonth, date: Date(), result: .success(batch: feedBatch)))))
          let next = try QuakesReducer.reduce(state: state, action: action)
          let diff = QuakesDiff(oldState: state, newState: next, batch: feedBatch, feed: .allMonth)
          storeTime = try await clock.measure {
            try await store.didFetchRemoteQuakesMutation(feed: .allMonth, record: record, diff: diff)
          }
        })
      pollStore.append(storeTime)
      rows.poll = store.rowChanges() - before
      pollFileChanged = pollFileChanged || self.fingerprint(path + "-wal") != walBefore

      // A batch that changes every quake.
      let changed = (0..<count).map { self.quake($0, version: 1) }
      before = store.rowChanges()
      update.append(
        try await clock.measure {
          try await store.didFetchRemoteQuakesMutation(
            feed: .allMonth, record: record, diff: QuakesDiff(updated: changed))
        })
      rows.update = store.rowChanges() - before

      // Loading everything, as the daemon does at start (the store's reader:
      // by position, each value range-checked).
      var loaded: [Quake] = []
      load.append(
        try await clock.measure {
          loaded = try await store.fetchLocalQuakesQuery().quakes
        })
      guard loaded.count == count else {
        throw MeasuredRun.Failure(description: "the store read \(loaded.count) of \(count) quakes")
      }
      try store.close()
      // The same rows by column name through GRDB's typed subscripts,
      // unchecked (issue 31's "rows by name").
      var named: [Quake] = []
      loadByName.append(try clock.measure { named = try NamedRowReading.quakes(at: path) })
      guard Set(named) == Set(loaded) else {
        throw MeasuredRun.Failure(description: "reading by name read other quakes")
      }
    }
    print("  insert \(count) new quakes, fresh file:    \(self.summary(insert))   rows written: \(rows.insert)")
    print("  no-change poll (reduce + diff + write): \(self.summary(poll))   rows written: \(rows.poll)")
    print("    of which the store call:             \(self.summary(pollStore))   -wal file changed: \(pollFileChanged)")
    print("  update all \(count) quakes:               \(self.summary(update))   rows written: \(rows.update)")
    print("  load all quakes (start-up read):        \(self.summary(load))")
    print(
      "    the same rows read by column name:    \(self.summary(loadByName))   (GRDB Row subscripts, no range checks)")
    print("  file after the insert: \(sizes.database) bytes + \(sizes.wal) bytes of -wal")
  }

  private static func summary(_ samples: [Duration]) -> String {
    let sorted = samples.sorted()
    guard let first = sorted.first else { return "-" }
    return "\(self.format(sorted[sorted.count / 2])) (\(self.format(first)))"
  }

  private static func format(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let milliseconds = Double(seconds) * 1e3 + Double(attoseconds) / 1e15
    return milliseconds < 1 ? String(format: "%7.1f µs", milliseconds * 1e3) : String(format: "%7.2f ms", milliseconds)
  }

  private static func size(_ path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
  }

  private static func fingerprint(_ path: String) -> String {
    let attributes = try? FileManager.default.attributesOfItem(atPath: path)
    return "\(attributes?[.size] ?? "-") \(attributes?[.modificationDate] ?? "-")"
  }

  private static func quake(_ index: Int, version: Int) -> Quake {
    Quake(
      id: "bench\(index)", magnitude: 1 + Double((index + version) % 60) / 10, magnitudeType: "ml",
      time: Date(timeIntervalSince1970: 1_600_000_000 + Double(index)),
      updated: Date(timeIntervalSince1970: 1_600_000_000 + Double(index + version)),
      place: "\(index % 100) km NE of Somewhere, Alaska", longitude: -150, latitude: 61,
      depth: 10, url: "https://earthquake.usgs.gov/earthquakes/eventpage/bench\(index)", status: .automatic,
      eventType: "earthquake")
  }
}
