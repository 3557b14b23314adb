import Foundation
public import QuakesData
public import QuakesModel
import QuakesSQLite

/// `quakes-bench sqlite-crash-writer PATH COUNT [PAUSE]`: not a benchmark
/// but the child process of the SQLite store's crash test, which kills it
/// with SIGKILL in the middle of a diff and checks the file it leaves.
///
/// It writes diff 0, 1, 2, … to the database at PATH, each one transaction
/// (see ``diff(count:version:)``), and prints a line to standard output at
/// each step: `writing V` before diff V, `committed V` after it. With
/// PAUSE, once diff PAUSE has written half its rows (and, with a large
/// COUNT, spilled some of them to the WAL) it prints `paused V` and waits
/// there, inside the open transaction, to be killed.
public enum SQLiteCrashWriter {
  /// The feed every diff is written for.
  public static let feed = QuakesFeed.allMonth
  /// How many diffs the writer applies before it stops by itself.
  public static let maximumVersion = 1_000

  /// Runs the writer; returns the exit status.
  public static func run(arguments: [String]) async -> Int32 {
    guard arguments.count >= 2, let count = Int(arguments[1]), count >= 10 else {
      self.say("usage: quakes-bench sqlite-crash-writer PATH COUNT [PAUSE]", to: .standardError)
      return 2
    }
    let pause = arguments.count > 2 ? Int(arguments[2]) : nil
    do {
      let store = try SQLiteLocalStore(path: arguments[0])
      for version in 0...self.maximumVersion {
        self.say("writing \(version)")
        let progress = version == pause ? self.pauseHalfway(count: count, version: version) : nil
        try await store.write(
          feed: self.feed, record: self.record(version: version), diff: self.diff(count: count, version: version),
          progress: progress)
        self.say("committed \(version)")
      }
      try store.close()
      return 0
    } catch {
      self.say("error: \(error.localizedDescription)", to: .standardError)
      return 1
    }
  }

  /// Prints `paused V` once half the rows of diff V are written, then
  /// waits inside the transaction until the test kills the process: for as
  /// long as that takes (a pause of 60 s once ran out on a loaded machine,
  /// and the diff the test meant to interrupt was committed), or until the
  /// test is gone (the writer is then an orphan, and exits without
  /// committing).
  private static func pauseHalfway(count: Int, version: Int) -> @Sendable (Int) -> Void {
    { rows in
      guard rows == count / 2 else { return }
      let parent = getppid()
      self.say("paused \(version)")
      while getppid() == parent {
        Thread.sleep(forTimeInterval: 0.5)
      }
      exit(3)
    }
  }

  /// Diff 0 inserts `count` quakes; diff V ≥ 1 updates all of them to
  /// version V, inserts `count / 10` extra quakes of version V and deletes
  /// the extra quakes of version V − 1.
  public static func diff(count: Int, version: Int) -> QuakesDiff {
    let base = (0..<count).map { self.quake(index: $0, version: version) }
    guard version > 0 else { return QuakesDiff(inserted: base) }
    return QuakesDiff(
      inserted: self.extras(count: count, version: version),
      updated: base,
      deleted: version > 1 ? self.extras(count: count, version: version - 1) : [])
  }

  /// Every quake in the database once diff `version` is committed.
  public static func quakes(count: Int, version: Int) -> [Quake] {
    let base = (0..<count).map { self.quake(index: $0, version: version) }
    return version > 0 ? base + self.extras(count: count, version: version) : base
  }

  /// The feed record written with diff `version`.
  public static func record(version: Int) -> FeedRecord {
    FeedRecord(
      validators: FeedValidators(etag: "\"v\(version)\"", lastModified: "version \(version)"),
      generated: Timestamp.date(milliseconds: 1_700_000_000_000 + Int64(version) * 60_000),
      lastSuccess: Timestamp.date(milliseconds: 1_700_000_001_000 + Int64(version) * 60_000))
  }

  private static func extras(count: Int, version: Int) -> [Quake] {
    (0..<count / 10).map { self.quake(id: "crash-v\(version)-\($0)", index: count + $0, version: version) }
  }

  private static func quake(index: Int, version: Int) -> Quake {
    self.quake(id: "crash-\(index)", index: index, version: version)
  }

  private static func quake(id: String, index: Int, version: Int) -> Quake {
    Quake(
      id: id, magnitude: 1 + Double((index + version) % 60) / 10, magnitudeType: "ml",
      time: Timestamp.date(milliseconds: 1_690_000_000_000 + Int64(index) * 1_000),
      updated: Timestamp.date(milliseconds: 1_700_000_000_000 + Int64(version) * 60_000),
      place: "version \(version) of quake \(index), \(String(repeating: "Pāhala ", count: 20))",
      longitude: -155.5, latitude: 19.2, depth: Double(index % 30), url: nil, status: .automatic,
      eventType: "earthquake")
  }

  private static func say(_ line: String, to handle: FileHandle = .standardOutput) {
    handle.write(Data((line + "\n").utf8))
  }
}
