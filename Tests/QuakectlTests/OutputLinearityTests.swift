import Foundation
import QuakesClient
import QuakesModel
import QuakesProtocol
import QuakesTestSupport
import Testing

@testable import QuakectlCommandLine

/// Every output of quakectl is linear in what it prints: a field of 1 MiB
/// and a list of 100,000 rows print in every format, and what is printed is
/// exactly what the input makes, no more. The checks are on bytes, never on
/// a clock; the suite's time limit only turns a formatter that never ends
/// (a table with a 1 MiB place took longer than an hour) into a failure.
@Suite("Output is linear: 1 MiB fields and 100,000 rows in every format", .serialized, .timeLimit(.minutes(3)))
struct OutputLinearityTests {
  private static let now = Date(timeIntervalSince1970: 1_700_000_000)
  private static let output = QuakeOutput(utc: true, colour: false, now: Self.now)
  private static let rows = 100_000

  /// A field of exactly 1 MiB: words, spaces, commas and quotes (so CSV
  /// quotes it and JSON escapes it), ending in a letter.
  private static let field = String(repeating: "ab \"c\", ", count: (1 << 20) / 8 - 1) + "ab \"c\",z"

  /// `field` as JSON writes it, and as CSV does.
  private static let jsonField = Self.field.replacingOccurrences(of: "\"", with: "\\\"")
  private static let csvField = "\"" + Self.field.replacingOccurrences(of: "\"", with: "\"\"") + "\""

  private static func quake(_ index: Int, place: String) -> ListedQuake {
    ListedQuake(
      Quake(
        id: "tt\(index)", magnitude: 2 + Double(index % 30) / 10, magnitudeType: "ml",
        time: Date(timeIntervalSince1970: 1_699_999_000 - Double(index)),
        updated: Date(timeIntervalSince1970: 1_700_000_000), place: place, longitude: -122.5, latitude: 37.25,
        depth: 8.5))
  }

  /// What `quakectl list` prints of `quakes` in `format`, a page of 500 at a time.
  private static func printed(_ quakes: [ListedQuake], format: OutputFormat) throws -> String {
    var printer = QuakeListPrinter(format: format, output: Self.output)
    var data = Data()
    var start = 0
    repeat {
      let end = min(start + 500, quakes.count)
      data.append(
        try printer.add(ListResult(matched: quakes.count, hasMore: false, quakes: Array(quakes[start..<end]))))
      start = end
    } while start < quakes.count
    data.append(try printer.finish())
    return String(decoding: data, as: UTF8.self)
  }

  /// How many times `part` occurs in `text`, in time linear in both
  /// (Knuth–Morris–Pratt on UTF-8): a naive search for a 1 MiB field that
  /// repeats a short pattern is itself quadratic.
  private static func occurrences(of part: String, in text: String) -> Int {
    let pattern = Array(part.utf8)
    guard !pattern.isEmpty else { return 0 }
    var border = [0]
    var length = 0
    for byte in pattern.dropFirst() {
      while length > 0, pattern[length] != byte { length = border[length - 1] }
      if pattern[length] == byte { length += 1 }
      border.append(length)
    }
    var count = 0
    var matched = 0
    for byte in text.utf8 {
      while matched > 0, pattern[matched] != byte { matched = border[matched - 1] }
      if pattern[matched] == byte { matched += 1 }
      if matched == pattern.count {
        count += 1
        matched = border[matched - 1]
      }
    }
    return count
  }

  /// How many lines that are not empty `text` has (ending in LF, or a CSV
  /// line's CRLF), counted on its bytes: a debug build splits 10 MB into
  /// characters in seconds.
  private static func lineCount(_ text: String) -> Int {
    Array(text.utf8).split(separator: UInt8(ascii: "\n")).count { $0 != [UInt8(ascii: "\r")] }
  }

  /// The lines of `text`, as bytes: the checks compare bytes, which a
  /// debug build does tens of times faster than characters (the field is
  /// ASCII, so a byte is a character).
  private static func lines(_ text: String) -> [ArraySlice<UInt8>] {
    Array(text.utf8).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
  }

  /// Whether `line` ends with `text`.
  private static func line(_ line: ArraySlice<UInt8>?, endsWith text: String) -> Bool {
    let suffix = Array(text.utf8)
    return line.map { $0.count >= suffix.count && $0.suffix(suffix.count).elementsEqual(suffix) } ?? false
  }

  @Test("a table of one quake with a 1 MiB place: two lines, the header padded as wide as the place, spaces trimmed")
  func tableWithAWidePlace() throws {
    let text = try Self.printed([Self.quake(0, place: Self.field)], format: .table)
    let lines = Self.lines(text)
    #expect(lines.count == 3 && lines.last?.isEmpty == true, "two lines, each ending in a newline")
    let row = try #require(lines.dropFirst().first)
    #expect(Self.line(row, endsWith: "  " + Self.field + "  tt0"))
    #expect(
      Self.line(lines.first, endsWith: "PLACE" + String(repeating: " ", count: Self.field.utf8.count - 5) + "  ID"))
    #expect(lines.first?.count == row.count - 1, "the header's ID is a character shorter than tt0")
  }

  @Test("the real quakectl prints a table of a cached quake whose place is a million characters, as show prints it")
  func endToEnd() async throws {
    // As long as a place can be: the quake's line on the socket holds 1 MiB at most.
    let place = String(repeating: "abc, de ", count: 124_999) + "abc, def"
    let feature = SyntheticFeed.feature(id: "big").replacingOccurrences(
      of: #""place":"somewhere""#, with: #""place":""# + place + #"""#)
    try await withDaemon(servingFeed: Array(SyntheticFeed.body(ids: [], extraFeatures: [feature]).utf8)) { daemon, _ in
      let show = try await quakectl(["show", "big", "--format", "table"], daemon: daemon)
      #expect(show.status == 0 && Self.occurrences(of: "  \(place)\n", in: show.output) == 1, "\(show.errors)")
      // The bound is on work, in CPU seconds, which a busy machine does not
      // add to: the table takes well under one; the regular expression that
      // trimmed its lines was still at it after an hour.
      let list = try await Command.run(
        "/bin/sh",
        ["-c", #"ulimit -t 5 && exec "$0" "$@""#, try ChildProcess.builtExecutable("quakectl")]
          + ["list", "--socket", daemon.runtimeDirectory, "--format", "table"])
      #expect(list.status == 0, "killed by the CPU limit? status \(list.status): \(list.errors)")
      let lines = list.output.split(separator: "\n")
      #expect(lines.count == 2 && lines.last?.hasSuffix("  \(place)  big") == true)
      #expect(lines.first?.hasSuffix("PLACE" + String(repeating: " ", count: place.count - 5) + "  ID") == true)
    }
  }

  @Test(
    "a list with a 1 MiB place in each streamed format: the place once, as the format writes it, and little else",
    arguments: [OutputFormat.json, .ndjson, .csv, .geojson])
  func streamedFormatsWithAWidePlace(format: OutputFormat) throws {
    let text = try Self.printed([Self.quake(0, place: Self.field)], format: format)
    let written = format == .csv ? Self.csvField : Self.jsonField
    #expect(Self.occurrences(of: written, in: text) == 1)
    #expect(text.utf8.count < written.utf8.count + 2_048, "\(text.utf8.count - written.utf8.count) bytes besides")
  }

  @Test("100,000 quakes in every format: a line or a feature each, nothing quadratic", arguments: OutputFormat.allCases)
  func manyRows(format: OutputFormat) async throws {
    // Seconds of work in a debug build: on a thread of its own, not one of
    // the task pool's two, which every other test of the run needs.
    let text = try await onAThreadOfItsOwn {
      try Self.printed(
        (0..<Self.rows).map { Self.quake($0, place: "\($0 % 1_000) km N of Testville, CA") }, format: format)
    }
    // A CSV line ends in CRLF; every format's line in LF.
    let lines = text.utf8.count { $0 == UInt8(ascii: "\n") }
    switch format {
    case .table, .csv: #expect(lines == Self.rows + 1, "a header and a line per quake")
    case .ndjson: #expect(lines == Self.rows)
    case .json, .geojson: #expect(lines == 1)
    }
    let last = format == .table ? "  tt99999\n" : format == .csv ? "\r\ntt99999," : "\"tt99999\""
    #expect(Self.occurrences(of: last, in: text) == 1, "the last quake once")
    #expect(text.utf8.count < Self.rows * 1_024, "at most a KiB a quake: \(text.utf8.count)")
  }

  private static func feed(_ index: Int, error: String) -> StatusResult.Feed {
    StatusResult.Feed(
      feed: "feed\(index)", state: .failed, intervalSeconds: 60, lastAttempt: "2023-11-14T22:13:00Z",
      nextPoll: "2023-11-14T22:14:00Z", lastError: StatusResult.Failure(date: "2023-11-14T22:13:00Z", message: error),
      lastWrite: StatusResult.Counts(inserted: index, updated: 0, deleted: 0))
  }

  private static func status(_ feeds: [StatusResult.Feed], error: String) -> StatusResult {
    StatusResult(
      daemon: StatusResult.Daemon(version: "1.0", pid: 1, startedAt: "2023-11-14T00:00:00Z"),
      cache: StatusResult.Cache(count: 1, state: .loaded, error: error, lastWriteError: error),
      database: StatusResult.Database(path: "/var/lib/quakesd/quakes.sqlite", sizeBytes: 1 << 20), feeds: feeds,
      history: BackfillResult(backfill: Self.job(error: error)))
  }

  private static func job(error: String?) -> HistoryJobResult {
    HistoryJobResult(
      kind: "backfill", phase: error == nil ? "running" : "failed", error: error, since: "2020-01-01T00:00:00.000Z",
      until: "2020-03-01T00:00:00.000Z", filters: "", cursor: "2020-01-27T00:00:00.000Z",
      started: "2023-11-14T00:00:00.000Z", updated: "2023-11-14T00:00:05.000Z", windowsDone: Int.max,
      windowsPending: 3, eventsFetched: Int.max, eventsWritten: Int.min, eventsRemoved: Int.max,
      eventsExpected: Int.max, etaSeconds: Int.max)
  }

  @Test("status with 1 MiB errors, as a table and as CSV: each error once, the lines as many as the feeds")
  func statusWithWideErrors() {
    let status = Self.status([Self.feed(0, error: Self.field)], error: Self.field)
    let table = StatusCommand.table(status, now: Self.now)
    #expect(
      Self.occurrences(of: Self.field, in: table) == 4,
      "the cache's, the last write's, the backfill's and the feed's error")
    #expect(table.utf8.count < 4 * Self.field.utf8.count + 4_096)
    let csv = StatusCommand.csv(status.feeds)
    #expect(Self.occurrences(of: Self.csvField, in: csv) == 1)
    #expect(csv.utf8.count < Self.csvField.utf8.count + 1_024)
  }

  @Test("status of 100,000 feeds, as a table and as CSV: a line each")
  func statusOfManyFeeds() {
    let status = Self.status((0..<Self.rows).map { Self.feed($0, error: "HTTP 500") }, error: "disk full")
    #expect(Self.lineCount(StatusCommand.table(status, now: Self.now)) == Self.rows + 6)
    #expect(Self.lineCount(StatusCommand.csv(status.feeds)) == Self.rows + 1)
  }

  @Test("backfill progress and summary with a 1 MiB error and the largest counts")
  func backfillProgress() {
    let failed = Self.job(error: Self.field)
    let summary = BackfillProgress.summary(failed)
    #expect(Self.occurrences(of: Self.field, in: summary) == 1)
    #expect(summary.utf8.count < Self.field.utf8.count + 512)
    #expect(BackfillProgress.line(Self.job(error: nil)).contains("9,223,372,036,854,775,807 events"))
    #expect(BackfillProgress.summary(failed).contains("-9,223,372,036,854,775,808 quakes written"))
  }

  private static func delivery(_ index: Int, detail: String) -> AlertHistoryEntry {
    AlertHistoryEntry(
      rule: "big", event: "new", quakeId: "tt\(index)", key: "big/new/tt\(index)/1700000000000",
      firedAt: "2023-11-14T22:13:20Z", channel: "exec:/usr/local/bin/notify", state: .failed, nextAttempt: nil,
      attempts: [.init(startedAt: "2023-11-14T22:13:20Z", milliseconds: 3, delivered: false, detail: detail)])
  }

  @Test("alerts history with a 1 MiB detail, and of 100,000 deliveries, in every format it prints")
  func alertHistory() throws {
    let wide = AlertHistoryResult(deliveries: [Self.delivery(0, detail: Self.field)])
    let table = AlertsHistoryCommand.table(wide, now: Self.now)
    #expect(Self.occurrences(of: Self.field, in: table) == 1 && table.utf8.count < Self.field.utf8.count + 1_024)
    let csv = AlertsHistoryCommand.csv(wide)
    #expect(Self.occurrences(of: Self.csvField, in: csv) == 1 && csv.utf8.count < Self.csvField.utf8.count + 1_024)

    let many = AlertHistoryResult(deliveries: (0..<Self.rows).map { Self.delivery($0, detail: "exit status 1") })
    #expect(Self.lineCount(AlertsHistoryCommand.table(many, now: Self.now)) == Self.rows + 1)
    #expect(Self.lineCount(AlertsHistoryCommand.csv(many)) == Self.rows + 1)
    let ndjson = try QuakeOutput.jsonLines(many.deliveries)
    #expect(ndjson.split(separator: 0x0A).count == Self.rows)
    #expect(ndjson.count < Self.rows * 512)
  }

  @Test("alerts list with a 1 MiB rule name and channel, and of 100,000 rules")
  func alertRules() throws {
    let rule = { (name: String, channel: String) in
      AlertsResult.Rule(
        name: name, on: ["new"], channels: [channel], rule: "{min-magnitude: 6}", activity: AlertActivity(fired: 1))
    }
    let wide = AlertsListCommand.table(AlertsResult(rules: [rule(Self.field, Self.field)]), now: Self.now)
    #expect(Self.occurrences(of: Self.field, in: wide) == 2)
    #expect(wide.utf8.count < 4 * Self.field.utf8.count + 1_024, "two lines, each as wide as both fields")
    let many = AlertsResult(rules: (0..<Self.rows).map { rule("rule\($0)", "exec:/bin/true") })
    #expect(Self.lineCount(AlertsListCommand.table(many, now: Self.now)) == Self.rows + 1)
    #expect(try QuakeOutput.jsonLines(many.rules).split(separator: 0x0A).count == Self.rows)
  }
}
