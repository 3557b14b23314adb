import Foundation
import GRDB
import QuakesData
import QuakesModel
import QuakesSQLite
import QuakesTestSupport
import Testing

/// What goes wrong with files is reported with the path, the cause and a
/// remedy; nothing crashes, nothing comes back silently empty.
@Suite struct ErrorTests {
  @Test func aFileThatIsNotADatabaseIsRefusedAndLeftUntouched() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file()
    let text = Data(String(repeating: "quakes are not kept here. ", count: 400).utf8)
    #expect(FileManager.default.createFile(atPath: path, contents: text))

    let error = try #require(throws: SQLiteLocalStoreError.self) { try SQLiteLocalStore(path: path) }
    #expect(error.kind == .notADatabase)
    #expect(error.operation == .open)
    let message = try #require(error.errorDescription)
    #expect(message.contains(path))
    #expect(message.contains("not an SQLite database"))
    #expect(message.contains("move it away"))
    #expect(DatabaseFile.bytes(path) == text)
  }

  @Test func aDirectoryIsNotADatabase() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let error = try #require(throws: SQLiteLocalStoreError.self) { try SQLiteLocalStore(path: directory.path) }
    #expect(error.kind == .notADatabase)
    #expect(error.errorDescription?.contains("it is a directory") == true)
  }

  @Test func aPathUnderARegularFileNamesThatFile() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = directory.file("notes.txt")
    #expect(FileManager.default.createFile(atPath: file, contents: Data("notes".utf8)))
    let path = file + "/state/quakes.sqlite"

    let error = try #require(throws: SQLiteLocalStoreError.self) { try SQLiteLocalStore(path: path) }
    #expect(error.kind == .noDirectory)
    let message = try #require(error.errorDescription)
    #expect(message.contains(path))
    #expect(message.contains("\(file) is a file, not a directory"))
  }

  @Test func aMissingDirectoryIsNamed() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file("missing") + "/quakes.sqlite"
    let error = try #require(throws: SQLiteLocalStoreError.self) { try SQLiteLocalStore(path: path) }
    #expect(error.kind == .noDirectory)
    #expect(error.errorDescription?.contains("the directory \(directory.file("missing")) does not exist") == true)
    #expect(!FileManager.default.fileExists(atPath: directory.file("missing")))
  }

  @Test(.enabled(if: ReadOnlyDirectory.isAvailable)) func aReadOnlyDirectoryIsNamed() throws {
    let scratch = try TemporaryDirectory()
    defer { scratch.remove() }
    let readOnly = try ReadOnlyDirectory.make(in: scratch)
    let path = readOnly + "/quakes-sqlite-test.sqlite"

    let error = try #require(throws: SQLiteLocalStoreError.self) { try SQLiteLocalStore(path: path) }
    #expect(error.kind == .readOnly)
    let message = try #require(error.errorDescription)
    #expect(message.contains(path))
    #expect(message.contains("the directory \(readOnly) does not take new files"))
    #expect(message.contains("write access"))
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  /// A full disk, simulated: `PRAGMA max_page_count` caps the file, and
  /// SQLite then fails a write with SQLITE_FULL exactly as it does when the
  /// file system has no room left (a small tmpfs would need privileges).
  @Test func aFullDiskFailsTheWholeDiffAndKeepsTheCache() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file()
    let store = try SQLiteLocalStore(path: path, options: .init(maximumPageCount: 90))
    let record = FeedRecord(validators: FeedValidators(etag: "\"1\""))
    let first = Quake.samples(50)
    try await store.didFetchRemoteQuakesMutation(feed: .allDay, record: record, diff: QuakesDiff(inserted: first))

    let large = QuakesDiff(inserted: Quake.samples(5_000, prefix: "big"), deleted: [first[0]])
    let error = try await #require(throws: SQLiteLocalStoreError.self) {
      try await store.didFetchRemoteQuakesMutation(feed: .allDay, record: FeedRecord(), diff: large)
    }
    #expect(error.kind == .diskFull)
    #expect(error.operation == .write(feed: "all_day"))
    let message = try #require(error.errorDescription)
    #expect(message.contains(path))
    #expect(message.contains("nothing of this write was applied"))
    #expect(message.contains("Free space"))

    let cache = try await store.fetchLocalQuakesQuery()
    #expect(Set(cache.quakes) == Set(first))
    #expect(cache.feeds == [.allDay: record])
    try store.close()
  }

  /// Someone removes the state directory, or puts another file at the
  /// database's path, while the store has it open: SQLite would go on
  /// writing into a file no one can find again. Every write is refused.
  @Test(arguments: ["removed", "replaced"])
  func aFileRemovedOrReplacedWhileOpenTakesNoWrite(change: String) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let (store, path) = try await Self.storeOfThreeQuakes(in: directory)
    try FileManager.default.moveItem(atPath: path, toPath: path + ".moved")
    if change == "replaced" {
      try FileManager.default.copyItem(atPath: path + ".moved", toPath: path)
    }

    let writes: [@Sendable () async throws -> Void] = [
      {
        try await store.didFetchRemoteQuakesMutation(
          feed: .allDay, record: FeedRecord(), diff: QuakesDiff(inserted: Quake.samples(5, prefix: "new")))
      },
      { try await store.deleteLocalQuakeMutation(quakeId: "q1") },
      { try await store.deleteLocalQuakesMutation() },
    ]
    for write in writes {
      let error = try await #require(throws: SQLiteLocalStoreError.self) { try await write() }
      #expect(error.kind == .removed)
      let message = try #require(error.errorDescription)
      #expect(message.contains(path) && message.contains("Restart quakesd"), "\(message)")
    }
    try store.close()
  }

  @Test func aWriteLockHeldByAnotherProcessIsReportedAndThenWaitedFor() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file()
    let store = try SQLiteLocalStore(path: path, options: .init(busyTimeout: 0.2))
    let other = try DatabaseFile.connection(path, holdingTransactions: true)
    try other.inDatabase { db in try db.execute(sql: "BEGIN IMMEDIATE") }

    let diff = QuakesDiff(inserted: Quake.samples(3))
    let error = try await #require(throws: SQLiteLocalStoreError.self) {
      try await store.didFetchRemoteQuakesMutation(feed: .allDay, record: FeedRecord(), diff: diff)
    }
    #expect(error.kind == .locked)
    let message = try #require(error.errorDescription)
    #expect(message.contains(path))
    #expect(message.contains("0.2 s"))
    #expect(message.contains("only writer"))

    let opening = try #require(throws: SQLiteLocalStoreError.self) {
      try SQLiteLocalStore(path: path, options: .init(busyTimeout: 0.2))
    }
    #expect(opening.kind == .locked)

    try other.inDatabase { db in try db.execute(sql: "ROLLBACK") }
    try other.close()
    try await store.didFetchRemoteQuakesMutation(feed: .allDay, record: FeedRecord(), diff: diff)
    #expect(Set(try await store.fetchLocalQuakesQuery().quakes) == Set(diff.inserted))
    try store.close()
  }

  /// A script that writes against the schema can store text in an INTEGER
  /// column (SQLite keeps text that does not look like a number), or a value
  /// of the right kind outside ``QuakeRanges`` (a time no ISO 8601 reader
  /// parses back, a latitude of 1e308): either is a damaged row, named, and
  /// never served.
  @Test(arguments: [
    ("quakes", "time", "'yesterday'", "the text 'yesterday'"),
    ("quakes", "time", "9000000000000000", "the integer 9000000000000000, outside"),
    ("quakes", "updated", "-9223372036854775808", "the integer -9223372036854775808, outside"),
    ("quakes", "latitude", "1e308", "the real 1e+308, outside"),
    ("quakes", "longitude", "-181", "the real -181.0, outside"),
    ("quakes", "magnitude", "1e308", "the real 1e+308, outside"),
    ("quakes", "depth", "-1e308", "the real -1e+308, outside"),
    ("feeds", "generated", "9223372036854775807", "the integer 9223372036854775807, outside"),
    ("feeds", "last_success", "9000000000000000", "the integer 9000000000000000, outside"),
  ])
  func aDamagedRowIsAnErrorNotACrashNorAnEmptyCache(table: String, column: String, value: String, found: String)
    async throws
  {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let (store, path) = try await Self.storeOfThreeQuakes(in: directory)
    let (key, row) = table == "quakes" ? ("id", "q1") : ("name", "all_day")
    try DatabaseFile.execute(path, "UPDATE \(table) SET \(column) = \(value) WHERE \(key) = '\(row)'")

    let error = try await #require(throws: SQLiteLocalStoreError.self) { try await store.fetchLocalQuakesQuery() }
    #expect(error.kind == .corrupt)
    #expect(error.operation == .read)
    let message = try #require(error.errorDescription)
    #expect(message.contains(path))
    #expect(message.contains("the row \"\(row)\" of table \(table) holds \(found)"), "\(message)")
    #expect(message.contains("in column \(column)"), "\(message)")
    if table == "quakes" {
      // A page, a quake by its id and a cursor read the row as the cache does.
      let page = try await #require(throws: SQLiteLocalStoreError.self) {
        try await store.quakesPage(QuakesQuery(limit: 10))
      }
      let one = try await #require(throws: SQLiteLocalStoreError.self) { try await store.quake(id: row) }
      let cursor = try await store.quakesCursor(QuakesQuery(), pageSize: 2)
      let streamed = try await #require(throws: SQLiteLocalStoreError.self) {
        while try await cursor.next() != nil {}
      }
      for error in [page, one, streamed] {
        #expect(error.kind == .corrupt && error.errorDescription?.contains("holds \(found)") == true, "\(error)")
      }
    }
    try store.close()
  }

  @Test(arguments: [
    SQLiteLocalStoreError.Kind.notADatabase, .corrupt, .foreignDatabase, .newerSchema(found: 3, supported: 2),
    .noDirectory, .readOnly, .cannotOpen, .removed, .diskFull, .locked, .ioError, .sqlite(code: 1),
  ])
  func everyMessageNamesThePathAndSaysWhatToDo(kind: SQLiteLocalStoreError.Kind) throws {
    let error = SQLiteLocalStoreError(
      kind: kind, path: "/var/lib/quakesd/quakes.sqlite", operation: .write(feed: "all_day"), detail: "detail")
    let message = try #require(error.errorDescription)
    #expect(message.hasPrefix("cannot write the all_day batch to the quakes database /var/lib/quakesd/quakes.sqlite: "))
    #expect(message.hasSuffix("."))
    #expect(message.split(separator: ". ").count >= 2, "a cause, then a remedy: \(message)")
    #expect(errorMessage(error) == message)
  }

  /// A database in `directory` holding `Quake.samples(3)` (`q0`…`q2`) and an all_day record.
  private static func storeOfThreeQuakes(in directory: TemporaryDirectory) async throws -> (SQLiteLocalStore, String) {
    let path = directory.file()
    let store = try SQLiteLocalStore(path: path)
    try await store.didFetchRemoteQuakesMutation(
      feed: .allDay, record: FeedRecord(), diff: QuakesDiff(inserted: Quake.samples(3)))
    return (store, path)
  }
}
