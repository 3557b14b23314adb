import Foundation
import QuakesProtocol
import QuakesTestSupport
import Testing

/// Every command against a real quakesd fed by the USGS stand-in, in every
/// format, checked against the feed (SyntheticFeed: `ttN` is N+1 minutes
/// before `generated`, magnitude 2.0 + N/10, place "N km N of Testville, CA").
@Suite("quakectl commands against a real quakesd", .timeLimit(.minutes(2)))
struct QuakectlCommandTests {
  @Test("list in json, ndjson, csv and geojson: the feed's quakes, newest first, values as served")
  func listFormats() async throws {
    try await withDaemon(serving: SyntheticFeed.ids(12)) { daemon, _ in
      let json = try await quakectl(["list", "--format", "json"], daemon: daemon)
      #expect(json.status == 0, "\(json.errors)")
      let quakes = try #require(json.json as? [[String: Any]])
      #expect(quakes.map { $0["id"] as? String } == SyntheticFeed.ids(12))
      #expect(quakes.first?["magnitude"] as? Double == 2.0)
      #expect(quakes.first?["place"] as? String == "0 km N of Testville, CA")
      #expect(quakes.first?["time"] as? String == "2023-11-14T22:12:20.000Z")

      let ndjson = try await quakectl(["list", "--format", "ndjson", "--limit", "3"], daemon: daemon)
      #expect(ndjson.jsonLines.map { $0["id"] as? String } == ["tt0", "tt1", "tt2"])

      let csv = try await quakectl(["list", "--format", "csv", "--limit", "2"], daemon: daemon)
      let rows = csv.output.components(separatedBy: "\r\n").filter { !$0.isEmpty }
      #expect(
        rows.first
          == "id,time,magnitude,magnitude_type,place,latitude,longitude,depth_km,status,event_type,updated,url,"
          + "title,felt,cdi,mmi,alert,tsunami,significance,network,code,detail,time_zone_offset,station_count,"
          + "minimum_distance,root_mean_square,azimuthal_gap"
      )
      #expect(
        rows.dropFirst().first?.hasPrefix(
          "tt0,2023-11-14T22:12:20.000Z,2.0,ml,\"0 km N of Testville, CA\",37.25,-122.5,8.5,reviewed") == true,
        "\(rows)")
      #expect(rows.count == 3)

      let geojson = try await quakectl(["list", "--format", "geojson", "--limit", "1"], daemon: daemon)
      let collection = try #require(geojson.json as? [String: Any])
      #expect(collection["type"] as? String == "FeatureCollection")
      let feature = try #require((collection["features"] as? [[String: Any]])?.first)
      #expect(feature["type"] as? String == "Feature")
      #expect((feature["geometry"] as? [String: Any])?["coordinates"] as? [Double] == [-122.5, 37.25, 8.5])
      #expect(feature["id"] as? String == "tt0")
      let properties = try #require(feature["properties"] as? [String: Any])
      #expect(properties["mag"] as? Double == 2.0)
      #expect(properties["time"] as? Int64 == 1_699_999_940_000)
      #expect(properties["place"] as? String == "0 km N of Testville, CA")
      #expect(properties.count == 26, "the 26 properties of a USGS summary feature: \(properties.keys.sorted())")
    }
  }

  @Test("a list longer than a line (1,234 quakes, streamed in three) prints whole in every format")
  func longListFormats() async throws {
    let ids = SyntheticFeed.ids(1_234)
    try await withDaemon(serving: ids) { daemon, _ in
      let json = try await quakectl(["list", "--format", "json"], daemon: daemon)
      #expect(json.status == 0, "\(json.errors)")
      #expect((json.json as? [[String: Any]])?.map { $0["id"] as? String } == ids)

      let ndjson = try await quakectl(["list", "--format", "ndjson"], daemon: daemon)
      #expect(ndjson.jsonLines.map { $0["id"] as? String } == ids)

      let csv = try await quakectl(["list", "--format", "csv", "--near", "37,-122"], daemon: daemon)
      let rows = csv.output.components(separatedBy: "\r\n").filter { !$0.isEmpty }
      #expect(rows.count == 1 + ids.count)
      #expect(rows.first?.hasSuffix(",distance_km,bearing") == true)

      let geojson = try await quakectl(["list", "--format", "geojson"], daemon: daemon)
      #expect(((geojson.json as? [String: Any])?["features"] as? [Any])?.count == ids.count)

      let table = try await quakectl(["list", "--format", "table", "--limit", "600"], daemon: daemon)
      #expect(table.output.split(separator: "\n").count == 1 + 600, "a header and 600 rows")
      #expect(table.errors.contains("600 of 1234 quakes"))
    }
  }

  @Test("export is list without a limit: NDJSON by default, the other formats but a table, filters and order honoured")
  func export() async throws {
    let ids = SyntheticFeed.ids(1_234)
    try await withDaemon(serving: ids) { daemon, _ in
      let ndjson = try await quakectl(["export"], daemon: daemon)
      #expect(ndjson.status == 0, "\(ndjson.errors)")
      #expect(ndjson.jsonLines.map { $0["id"] as? String } == ids)
      #expect(ndjson.errors.isEmpty, "no note on how many matched: \(ndjson.errors)")

      let forward = try await quakectl(["export", "--forward", "--format", "csv"], daemon: daemon)
      let rows = forward.output.components(separatedBy: "\r\n").filter { !$0.isEmpty }
      #expect(rows.count == 1 + ids.count)
      #expect(rows.dropFirst().first?.contains(ids[ids.count - 1]) == true, "oldest first")

      let geojson = try await quakectl(["export", "--format", "geojson"], daemon: daemon)
      let collection = try #require(geojson.json as? [String: Any], "\(geojson.output.prefix(200))")
      #expect((collection["features"] as? [Any])?.count == ids.count)
      #expect((collection["metadata"] as? [String: Any])?["count"] as? Int == ids.count)

      let all = try #require(ndjson.jsonLines.compactMap { $0["magnitude"] as? Double }.max())
      let big = try await quakectl(["export", "--min-magnitude", String(all)], daemon: daemon)
      #expect(!big.jsonLines.isEmpty && big.jsonLines.allSatisfy { ($0["magnitude"] as? Double) == all })

      let table = try await quakectl(["export", "--format", "table"], daemon: daemon)
      #expect(table.status == 2 && table.errors.contains("export"), "\(table.errors)")
    }
  }

  @Test("sorting, filtering and paging flags reach the daemon's list selector")
  func listFlags() async throws {
    try await withDaemon(serving: SyntheticFeed.ids(12)) { daemon, _ in
      func ids(_ arguments: [String]) async -> [String] {
        guard let result = try? await quakectl(["list", "--format", "json"] + arguments, daemon: daemon) else {
          return ["quakectl did not run"]
        }
        #expect(result.status == 0, "\(arguments): \(result.errors)")
        return (result.json as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
      }
      // "reverse" means what it means on the wire: newest first, the default.
      #expect(await ids(["--limit", "2"]) == ["tt0", "tt1"])
      #expect(await ids(["--reverse", "--limit", "2"]) == ["tt0", "tt1"])
      #expect(await ids(["--order", "reverse", "--limit", "2"]) == ["tt0", "tt1"])
      #expect(await ids(["--forward", "--limit", "2"]) == ["tt11", "tt10"])
      #expect(await ids(["--order", "forward", "--limit", "2", "--offset", "1"]) == ["tt10", "tt9"])
      #expect(await ids(["--sort", "magnitude", "--reverse", "--limit", "1"]) == ["tt11"], "the largest first")
      #expect(await ids(["--sort", "magnitude", "--forward", "--limit", "1"]) == ["tt0"], "the smallest first")
      for conflicting in [["--reverse", "--order", "forward"], ["--forward", "--reverse"]] {
        let refused = try await quakectl(["list"] + conflicting, daemon: daemon)
        #expect(refused.status == 2, "\(conflicting): \(refused.errors)")
      }
      #expect(await ids(["--sort", "magnitude", "--limit", "1"]) == ["tt11"])
      #expect(await ids(["--min-magnitude", "2.95"]) == ["tt10", "tt11"])
      #expect(await ids(["--search", "11 KM"]) == ["tt11"])
      #expect(await ids(["--since", "2023-11-14T22:10:00Z"]) == ["tt0", "tt1", "tt2"])
      #expect(await ids(["--until", "2023-11-14T22:02:00Z"]) == ["tt11"])
      #expect(await ids(["--day", "2023-11-14", "--utc"]).count == 12)
      #expect(await ids(["--day", "2023-11-15", "--utc"]).isEmpty)
    }
  }

  @Test("relative times: --since 330s, plus the daemon's start, is the quakes of five and a half minutes")
  func relativeTimes() async throws {
    let start = Date()
    let now = Int64(start.timeIntervalSince1970 * 1_000)
    try await withDaemon(serving: SyntheticFeed.ids(10), generated: now) { daemon, _ in
      // The quakes are a minute apart, the newest a minute before `now`:
      // 330 s back from `now` (however long the daemon took to start on a
      // loaded machine) falls half a minute past the fifth.
      let since = 330 + Int(Date().timeIntervalSince(start).rounded(.up))
      let result = try await quakectl(["list", "--format", "json", "--since", "\(since)s"], daemon: daemon)
      #expect(
        (result.json as? [[String: Any]])?.compactMap { $0["id"] as? String } == ["tt0", "tt1", "tt2", "tt3", "tt4"])
      let hours = try await quakectl(["list", "--format", "json", "--since", "1h"], daemon: daemon)
      #expect((hours.json as? [[String: Any]])?.count == 10)
      let bad = try await quakectl(["list", "--since", "yesterday"], daemon: daemon)
      #expect(bad.status == 2)
      #expect(bad.errors.contains("--since yesterday is not a time"), "\(bad.errors)")
    }
  }

  @Test("status, info, count and show in each of their formats")
  func readCommands() async throws {
    try await withDaemon(serving: SyntheticFeed.ids(5)) { daemon, _ in
      let status = try await quakectl(["status", "--format", "json"], daemon: daemon)
      let statusObject = try #require(status.json as? [String: Any])
      #expect((statusObject["cache"] as? [String: Any])?["count"] as? Int == 5)
      #expect(((statusObject["feeds"] as? [[String: Any]])?.first)?["feed"] as? String == "all_day")
      let statusTable = try await quakectl(["status", "--format", "table"], daemon: daemon)
      #expect(statusTable.output.contains("cache: 5 quakes"))
      #expect(statusTable.output.contains(daemon.databasePath))
      #expect(statusTable.output.contains("all_day"))
      let statusCSV = try await quakectl(["status", "--format", "csv"], daemon: daemon)
      #expect(statusCSV.output.hasPrefix("feed,state,interval_seconds,"))
      #expect(statusCSV.output.contains("all_day,ok,300,"))

      let info = try await quakectl(["info", "--format", "json"], daemon: daemon)
      #expect((info.json as? [String: Any])?["protocol"] as? Int == WireProtocol.version)
      #expect(info.errors.isEmpty, "same version, no skew warning: \(info.errors)")

      #expect(try await quakectl(["count"], daemon: daemon).output == "{\"count\":5}\n")
      #expect(try await quakectl(["count", "--format", "table"], daemon: daemon).output == "5\n")
      #expect(try await quakectl(["count", "--format", "csv"], daemon: daemon).output == "count\r\n5\r\n")

      let show = try await quakectl(["show", "tt3", "--format", "json"], daemon: daemon)
      #expect((show.json as? [String: Any])?["magnitude"] as? Double == 2.3)
      let details = try await quakectl(["show", "tt3", "--format", "table"], daemon: daemon)
      #expect(details.output.contains("3 km N of Testville, CA"))
      #expect(details.output.contains("2.3 ml"))
      let geojson = try await quakectl(["show", "tt3", "--format", "geojson"], daemon: daemon)
      #expect(((geojson.json as? [String: Any])?["features"] as? [Any])?.count == 1)
      let wrong = try await quakectl(["count", "--format", "geojson"], daemon: daemon)
      #expect(wrong.status == 2)
    }
  }

  @Test("a table aligns its columns, shows magnitudes with one decimal and ages, and has no colour off a terminal")
  func table() async throws {
    try await withDaemon(serving: SyntheticFeed.ids(12)) { daemon, _ in
      let result = try await quakectl(["list", "--format", "table", "--utc", "--limit", "11"], daemon: daemon)
      let lines = result.output.split(separator: "\n").map(String.init)
      #expect(lines.first?.hasPrefix("TIME (UTC)") == true)
      #expect(lines.count == 12)
      let header = try #require(lines.first)
      let placeColumn = try #require(header.firstRange(of: "PLACE")).lowerBound.utf16Offset(in: header)
      let idColumn = try #require(header.firstRange(of: "ID")).lowerBound.utf16Offset(in: header)
      for line in lines.dropFirst() {
        let characters = Array(line.utf16)
        #expect(characters[placeColumn - 2..<placeColumn] == [32, 32] && characters[placeColumn] != 32, "\(line)")
        #expect(String(line.dropFirst(idColumn)).hasPrefix("tt"), "\(line)")
      }
      #expect(lines[1].contains("2023-11-14 22:12:20"))
      #expect(lines[1].contains(" 2.0 "))
      #expect(lines[1].contains("d ago"))
      #expect(!result.output.contains("\u{1B}["))
      #expect(result.errors.contains("11 of 12 quakes"))
    }
  }

  @Test("refresh --wait prints the counts; delete then show is exit 10; purge off a terminal needs --yes")
  func actions() async throws {
    try await withDaemon(serving: SyntheticFeed.ids(5)) { daemon, standIn in
      standIn.setFeed(
        "all_day", body: SyntheticFeed.body(ids: SyntheticFeed.ids(8), generated: SyntheticFeed.generated + 60_000))
      let refresh = try await quakectl(["refresh", "--feed", "all_day", "--wait", "--format", "table"], daemon: daemon)
      #expect(refresh.status == 0, "\(refresh.errors)")
      #expect(refresh.output == "all_day: 3 inserted, 5 updated, 0 deleted\n", "\(refresh.output)")
      let refreshJSON = try await quakectl(["refresh", "--wait"], daemon: daemon)
      #expect(
        (((refreshJSON.json as? [String: Any])?["feeds"] as? [[String: Any]])?.first)?["outcome"] as? String
          == "notModified")

      #expect(try await quakectl(["delete", "tt7"], daemon: daemon).status == 0)
      let gone = try await quakectl(["show", "tt7"], daemon: daemon)
      #expect(gone.status == 10)
      #expect(gone.errors.contains("tt7"))
      #expect(try await quakectl(["delete", "tt7"], daemon: daemon).status == 10)

      let refused = try await quakectl(["purge"], daemon: daemon)
      #expect(refused.status == 2)
      #expect(refused.errors.contains("--yes"))
      #expect(try await quakectl(["count"], daemon: daemon).output == "{\"count\":7}\n")
      let purge = try await quakectl(["purge", "--yes"], daemon: daemon)
      #expect((purge.json as? [String: Any])?["deleted"] as? Int == 7, "\(purge.output)\(purge.errors)")
      #expect(try await quakectl(["count"], daemon: daemon).output == "{\"count\":0}\n")
    }
  }

  @Test("watch prints the quakes a refresh inserted, one NDJSON event per line")
  func watch() async throws {
    try await withDaemon(serving: SyntheticFeed.ids(3)) { daemon, standIn in
      try await withChildProcess(
        executable: try ChildProcess.builtExecutable("quakectl"),
        arguments: ["watch", "--socket", daemon.runtimeDirectory, "--format", "ndjson"]
      ) { watcher in
        try await watcher.waitForLine { $0.contains("\"event\":\"status\"") }
        standIn.setFeed(
          "all_day", body: SyntheticFeed.body(ids: SyntheticFeed.ids(4), generated: SyntheticFeed.generated + 60_000))
        #expect(try await quakectl(["refresh", "--wait"], daemon: daemon).status == 0)
        let line = try await watcher.waitForLine {
          $0.contains("\"event\":\"changes\"") && $0.contains("\"inserted\":[{")
        }
        #expect(line.contains("\"id\":\"tt3\""))
      }
      try await withChildProcess(
        executable: try ChildProcess.builtExecutable("quakectl"),
        arguments: ["watch", "--socket", daemon.runtimeDirectory, "--format", "table"]
      ) { table in
        try await table.waitForLine { $0.hasPrefix("status: 4 quakes") }
        #expect(try await quakectl(["delete", "tt3"], daemon: daemon).status == 0)
        try await table.waitForLine { $0 == "- tt3" }
      }
    }
  }
}
