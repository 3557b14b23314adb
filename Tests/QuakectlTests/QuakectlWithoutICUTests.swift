import Foundation
import QuakectlCommandLine
import QuakesClient
import QuakesModel
import QuakesTestSupport
import Testing
import USGSStandIn

/// quakectl links FoundationEssentials alone (issue 33): no ICU, whose
/// loading was most of its start. What it took from Foundation's ICU half
/// it now writes itself, and these tests hold each piece to the text
/// Foundation wrote, so quakectl's output stays byte for byte what it was.
@Suite("quakectl without Foundation's ICU: the same text Foundation wrote")
struct QuakectlWithoutICUTests {
  @Test("the quakectl binary links neither Foundation nor ICU, only FoundationEssentials")
  func linksNoICU() async throws {
    let libraries = try await Command.run("/usr/bin/ldd", [try ChildProcess.builtExecutable("quakectl")])
    #expect(libraries.status == 0, "\(libraries.errors)")
    #expect(libraries.output.contains("libFoundationEssentials"), "\(libraries.output)")
    for library in ["libFoundation.so", "libFoundationInternationalization", "lib_FoundationICU", "libicu"] {
      #expect(!libraries.output.contains(library), "quakectl links \(library):\n\(libraries.output)")
    }
  }

  @Test("sizes read as ByteCountFormatter's .file style on 3,000 seeded counts from 0 to Int64's largest")
  func byteCountsAsFoundationWroteThem() {
    var random = SplitMix64(seed: 0xB17E_5)
    let edges: [Int64] =
      [0, 1, 2, 999, 1_000, 1_499, 1_500, 2_500, 999_499, 999_500, 999_999, 1_000_000, 1_050_000]
      + [1_250_000, 999_949_999, 999_950_000, 1_005_000_000, 1_015_000_000, -1, -1_500, .max, .min + 1]
    let randoms = (0..<3_000).map { _ -> Int64 in
      let digits = Int.random(in: 1...18, using: &random)
      let value = Int64.random(in: 0..<Int64(pow(10, Double(digits))), using: &random)
      return Bool.random(using: &random) && value % 7 == 0 ? -value : value
    }
    for (index, bytes) in (edges + randoms).enumerated() {
      #expect(
        ByteCountText.file(bytes) == ByteCountFormatter.string(fromByteCount: bytes, countStyle: .file),
        "case \(index): \(bytes) bytes (seed 0xB17E5)")
    }
  }

  @Test("printf's numbers are String(format:)'s on 2,000 seeded values, in each format quakectl uses")
  func printfAsFoundationWroteIt() {
    var random = SplitMix64(seed: 0x9E1_A7F)
    for index in 0..<2_000 {
      let value = Double.random(in: -12...12, using: &random) * pow(10, Double.random(in: -3...5, using: &random))
      for format in ["%.1f", "%.0f km", "%.1f km", "M%.1f", "%g"] {
        #expect(
          String(printf: format, value) == String(format: format, value),
          "case \(index): \(format) of \(value) (seed 0x9E1A7F)")
      }
      let day = Int.random(in: 0...99_999, using: &random)
      #expect(String(printf: "%04d-%02d", day, day % 13) == String(format: "%04d-%02d", day, day % 13))
    }
    let long = String(printf: "%0300d", 7)
    #expect(long.count == 300 && long.hasSuffix("07"), "longer than the first buffer")
  }

  @Test(
    "paths join and split as NSString's did",
    arguments: ["/run/quakesd", "/run/quakesd/", "/run/quakesd//", "/", "relative/dir", "dir", "", "/a/b/c.sqlite"])
  func pathsAsNSStringSplitThem(path: String) {
    #expect(path.appendingPathComponent("control.sock") == (path as NSString).appendingPathComponent("control.sock"))
    #expect(path.deletingLastPathComponent == (path as NSString).deletingLastPathComponent)
  }

  @Test("a command-line value loses the spaces and tabs around it, nothing inside")
  func trimmingWhitespace() {
    #expect(" \t250 km \t".trimmingWhitespace == "250 km")
    #expect("150mi".trimmingWhitespace == "150mi")
    #expect("   ".trimmingWhitespace == "")
    #expect(Substring("  1.5, 2 ").trimmingWhitespace == "1.5, 2")
  }

  @Test("the local zone's name comes from TZ (with or without its colon or zoneinfo path), else /etc/localtime")
  func zoneIdentifier() {
    #expect(LocalTimeZone.identifier(environment: ["TZ": "America/New_York"]) == "America/New_York")
    #expect(LocalTimeZone.identifier(environment: ["TZ": ":Asia/Kolkata"]) == "Asia/Kolkata")
    #expect(
      LocalTimeZone.identifier(environment: ["TZ": ":/usr/share/zoneinfo/Australia/Lord_Howe"]) == "Australia/Lord_Howe"
    )
    // Without TZ, Foundation (with ICU, in this test) reads /etc/localtime too.
    let withoutTZ = ProcessInfo.processInfo.environment.filter { $0.key != "TZ" }
    if ProcessInfo.processInfo.environment["TZ"] == nil {
      #expect(LocalTimeZone.identifier(environment: withoutTZ) == TimeZone.current.identifier)
    }
  }

  @Test("TZ as the C library reads it: empty is UTC, a path leads to its zone file, a POSIX rule stays as written")
  func zoneIdentifierSpellings() throws {
    #expect(LocalTimeZone.identifier(environment: ["TZ": ""]) == "UTC")
    #expect(LocalTimeZone.identifier(environment: ["TZ": ":"]) == "UTC")
    #expect(LocalTimeZone.identifier(environment: ["TZ": "JST-9"]) == "JST-9")
    let localtime = try FileManager.default.destinationOfSymbolicLink(atPath: "/etc/localtime")
    let zone = try #require(localtime.firstRange(of: "zoneinfo/")).upperBound
    #expect(LocalTimeZone.identifier(environment: ["TZ": ":/etc/localtime"]) == String(localtime[zone...]))
    #expect(LocalTimeZone.identifier(environment: ["TZ": "/etc/localtime"]) == String(localtime[zone...]))
  }

  @Test("a TZ the daemon cannot name refuses --day alone, with the daemon's reason; every other filter works")
  func unnamedZone() async throws {
    try await withDaemon(serving: SyntheticFeed.ids(3)) { daemon, _ in
      let environment = ["TZ": "JST-9"]
      let count = try await quakectl(["count", "--min-magnitude", "1"], daemon: daemon, environment: environment)
      #expect(count.status == 0 && count.output == "{\"count\":3}\n", "\(count.output) \(count.errors)")
      let day = try await quakectl(["count", "--day", "2023-11-14"], daemon: daemon, environment: environment)
      #expect(day.status != 0 && day.errors.contains("JST-9"), "\(day.status): \(day.errors)")
    }
  }

  @Test("an answer that cannot be written (standard output on a full disk) is status 1 and says so")
  func fullStandardOutput() async throws {
    try await withDaemon(serving: SyntheticFeed.ids(3)) { daemon, _ in
      let quakectl = try ChildProcess.builtExecutable("quakectl")
      let full = try await Command.run(
        "/bin/sh",
        ["-c", "exec \"$0\" list --socket \"$1\" --format json > /dev/full", quakectl, daemon.runtimeDirectory])
      #expect(full.status == 1, "\(full.errors)")
      #expect(full.errors.contains("cannot write standard output: No space left on device"), "\(full.errors)")
    }
  }

  @Test("a UTC time reads as Foundation's ISO 8601 style did on 2,000 seeded instants, 1900–2100, fractions truncated")
  func utcWallClockAsFoundationWroteIt() throws {
    var style = Date.ISO8601FormatStyle(
      dateSeparator: .dash, dateTimeSeparator: .space, timeSeparator: .colon,
      timeZone: try #require(TimeZone(identifier: "UTC")))
    style = style.year().month().day().time(includingFractionalSeconds: false)
    var random = SplitMix64(seed: 0x0_7C_2100)
    for index in 0..<2_000 {
      let date = Date(timeIntervalSince1970: Double.random(in: -2_208_988_800...4_102_444_800, using: &random))
      #expect(
        LocalTimeZone.wallClockText(date, utc: true) == date.formatted(style),
        "case \(index): \(date.timeIntervalSince1970) s (seed 0x7C2100)")
    }
  }

  @Test(
    "tables, show and --day are in the user's zone, named by TZ the ways a shell names it",
    arguments: [
      ("America/New_York", "America/New_York", "2023-11-14"), (":Asia/Kolkata", "Asia/Kolkata", "2023-11-15"),
      ("/usr/share/zoneinfo/Australia/Lord_Howe", "Australia/Lord_Howe", "2023-11-15"),
    ])
  func localTimes(tz: String, zone: String, day: String) async throws {
    var style = Date.ISO8601FormatStyle(
      dateSeparator: .dash, dateTimeSeparator: .space, timeSeparator: .colon,
      timeZone: try #require(TimeZone(identifier: zone)))
    style = style.year().month().day().time(includingFractionalSeconds: false)
    // tt0, the newest, at 2023-11-14 22:12:20 UTC.
    let newest = Date(timeIntervalSince1970: 1_699_999_940).formatted(style)
    try await withDaemon(serving: SyntheticFeed.ids(12)) { daemon, _ in
      let environment = ["TZ": tz]
      let table = try await quakectl(
        ["list", "--format", "table", "--limit", "1"], daemon: daemon, environment: environment)
      let lines = table.output.split(separator: "\n")
      #expect(lines.first?.hasPrefix("TIME ") == true && lines.count == 2, "\(table.output)")
      #expect(lines.last?.hasPrefix(newest) == true, "\(newest) in \(zone): \(table.output)")
      let show = try await quakectl(["show", "tt0", "--format", "table"], daemon: daemon, environment: environment)
      #expect(show.output.contains("time  \(newest)") || show.output.contains(newest), "\(show.output)")
      let inDay = try await quakectl(["count", "--day", day], daemon: daemon, environment: environment)
      #expect(inDay.output == "{\"count\":12}\n", "\(day) in \(zone): \(inDay.output) \(inDay.errors)")
    }
  }
}
