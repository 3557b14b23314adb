import Foundation
import QuakesClient
import QuakesSQLite
import QuakesTestSupport
import Testing
import USGSStandIn

/// The real quakesd serving its two sockets, with a raw line client: what a
/// script with socat sees.
@Suite("quakesd sockets: the protocol end to end", .timeLimit(.minutes(3)))
struct DaemonSocketTests {
  @Test(
    "the database answers: a quake written behind quakesd's back is counted, listed, got and deleted like any other"
  )
  func theDatabaseAnswers() async throws {
    try await withDaemon(serving: SyntheticFeed.ids(3)) { daemon, _ in
      let client = try daemon.query()
      #expect(try await client.call(#"{"method":"quakes.count"}"#).result?["count"] as? Int == 3)
      // A row the state never saw (as history outside its window will be).
      let insert = try await Command.run(
        "/usr/bin/sqlite3",
        [
          daemon.databasePath,
          "INSERT INTO quakes (id, magnitude, time, updated, place, longitude, latitude) "
            + "VALUES ('zz0001', 3.5, 1000000000000, 1000000000000, 'Nowhere', 10, 20)",
        ])
      #expect(insert.status == 0, "\(insert.errors)")
      #expect(try await client.call(#"{"method":"quakes.count"}"#).result?["count"] as? Int == 4)
      let got = try await client.call(#"{"method":"quakes.get","params":{"id":"zz0001"}}"#)
      #expect((got.result?["quake"] as? [String: Any])?["place"] as? String == "Nowhere", "\(got)")
      let oldest = try await client.call(#"{"method":"quakes.list","params":{"order":"forward","limit":1}}"#)
      #expect(((oldest.result?["quakes"] as? [[String: Any]])?.first)?["id"] as? String == "zz0001")

      let control = try daemon.control()
      let deleted = try await control.call(#"{"method":"quakes.delete","params":{"id":"zz0001"}}"#)
      #expect(deleted.result?["deleted"] as? Int == 1, "\(deleted)")
      #expect(
        try await client.call(#"{"method":"quakes.get","params":{"id":"zz0001"}}"#).errorCode == "quakes.NotFound")
      let again = try await control.call(#"{"method":"quakes.delete","params":{"id":"zz0001"}}"#)
      #expect(again.errorCode == "quakes.NotFound", "\(again)")
      #expect(try await client.call(#"{"method":"quakes.count"}"#).result?["count"] as? Int == 3)
    }
  }

  @Test("after a poll, the database, quakes.count, quakes.list and quakes.get agree with the feed")
  func servesWhatItPolled() async throws {
    let ids = SyntheticFeed.ids(40)
    try await withDaemon(serving: ids) { daemon, _ in
      let database = try SQLiteLocalStore(path: daemon.databasePath)
      let stored = try await database.fetchLocalQuakesQuery().quakes
      try database.close()
      #expect(Set(stored.map(\.id)) == Set(ids))

      let client = try daemon.query()
      #expect(try await client.call(#"{"v":1,"id":1,"method":"quakes.count"}"#).result?["count"] as? Int == 40)

      let list = try await client.call(
        #"{"id":2,"method":"quakes.list","params":{"limit":5,"sort":"time","order":"reverse","matched":true}}"#)
      #expect(list["id"] as? Int == 2)
      #expect(list.result?["matched"] as? Int == 40)
      #expect(list.result?["hasMore"] as? Bool == true)
      let listed = (list.result?["quakes"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
      #expect(listed == Array(ids.prefix(5)), "the synthetic feed lists newest first")

      let magnitudes = try await client.call(#"{"id":3,"method":"quakes.list","params":{"minMagnitude":4.5}}"#)
      let strong = (magnitudes.result?["quakes"] as? [[String: Any]] ?? []).compactMap { $0["magnitude"] as? Double }
      #expect(!strong.isEmpty && strong.allSatisfy { $0 >= 4.5 })

      let get = try await client.call(#"{"id":"g","method":"quakes.get","params":{"id":"tt7"}}"#)
      let quake = get.result?["quake"] as? [String: Any]
      #expect(get["id"] as? String == "g")
      #expect(quake?["id"] as? String == "tt7")
      #expect(quake?["place"] as? String == "7 km N of Testville, CA")
      #expect(quake?["time"] as? String == "2023-11-14T22:05:20.000Z")

      let missing = try await client.call(#"{"id":4,"method":"quakes.get","params":{"id":"nope"}}"#)
      #expect(missing.errorCode == "quakes.NotFound")
      #expect(missing.errorMessage?.contains("nope") == true)
    }
  }

  @Test("control methods on query.sock are refused with PermissionDenied; control.sock takes them")
  func queryRefusesControl() async throws {
    try await withDaemon(serving: SyntheticFeed.ids(3)) { daemon, _ in
      let query = try daemon.query()
      for method in ["quakes.refresh", "quakes.delete", "quakes.purge"] {
        let reply = try await query.call(#"{"id":1,"method":"\#(method)","params":{"id":"tt0"}}"#)
        #expect(reply.errorCode == "quakes.PermissionDenied", "\(method): \(reply)")
        #expect(reply.errorMessage?.contains("control.sock") == true)
      }
      #expect(try await query.call(#"{"method":"quakes.count"}"#).result?["count"] as? Int == 3)
      let info = try await query.call(#"{"method":"daemon.info"}"#).result
      #expect(info?["socket"] as? String == "query")
      #expect((info?["methods"] as? [String])?.contains("quakes.purge") == false)

      let control = try daemon.control()
      #expect(
        try await control.call(#"{"method":"quakes.delete","params":{"id":"tt0"}}"#).result?["deleted"] as? Int == 1)
      #expect(
        try await control.call(#"{"method":"quakes.delete","params":{"id":"tt0"}}"#).errorCode == "quakes.NotFound")
      #expect(try await query.call(#"{"method":"quakes.count"}"#).result?["count"] as? Int == 2)
      #expect(try await control.call(#"{"method":"quakes.purge"}"#).result?["deleted"] as? Int == 2)
      #expect(try await query.call(#"{"method":"quakes.count"}"#).result?["count"] as? Int == 0)
    }
  }

  @Test(
    "malformed JSON, an unknown method, bad params and an over-long line each get their error; the connection stays usable"
  )
  func badLines() async throws {
    try await withDaemon(serving: SyntheticFeed.ids(3)) { daemon, _ in
      let client = try daemon.query()
      let cases: [(line: String, code: String, mentions: String)] = [
        ("{not json", "quakes.InvalidRequest", "JSON object"),
        (#"[1,2]"#, "quakes.InvalidRequest", "JSON object"),
        (#"{"id":1,"method":"quakes.explode"}"#, "quakes.InvalidRequest", "quakes.explode"),
        (#"{"id":1}"#, "quakes.InvalidRequest", "method"),
        (#"{"id":1,"method":"quakes.list","params":{"limit":"ten"}}"#, "quakes.InvalidRequest", "limit"),
        (#"{"id":1,"method":"quakes.list","params":{"day":"yesterday"}}"#, "quakes.InvalidRequest", "YYYY-MM-DD"),
        (#"{"id":1,"method":"quakes.list","params":{"sort":"size"}}"#, "quakes.InvalidRequest", "sort"),
        (#"{"id":1,"method":"quakes.get"}"#, "quakes.InvalidRequest", "id"),
        (#"{"v":3,"id":1,"method":"quakes.count"}"#, "quakes.UnsupportedVersion", "versions 1 to 2"),
        (#"{"id":1,"method":"quakes.watch"}"#, "quakes.InvalidRequest", "more"),
      ]
      for (line, code, mention) in cases {
        let reply = try await client.call(line)
        #expect(reply.errorCode == code, "\(line) → \(reply)")
        #expect(reply.errorMessage?.contains(mention) == true, "\(line) → \(reply.errorMessage ?? "")")
        #expect(try await client.call(#"{"method":"quakes.count"}"#).result?["count"] as? Int == 3, "after \(line)")
      }
      try client.send(String(repeating: "x", count: (1 << 20) + 10) + "\n")
      let tooLong = try await client.readObject()
      #expect(tooLong.errorCode == "quakes.TooLarge")
      #expect(try await client.call(#"{"id":"after","method":"quakes.count"}"#)["id"] as? String == "after")
    }
  }

  @Test("\"id\": null is echoed on results, errors and watch lines; a request without an id gets none")
  func nullIdIsEchoed() async throws {
    try await withDaemon(serving: SyntheticFeed.ids(2)) { daemon, _ in
      let client = try daemon.query()
      for request in [
        #"{"id":null,"method":"quakes.count"}"#, #"{"id":null,"method":"quakes.explode"}"#,
        #"{"id":null,"method":"quakes.list","params":{"limit":"ten"}}"#, #"{"id":null,"method":"quakes.purge"}"#,
      ] {
        try client.send(request + "\n")
        let reply = try await client.readLine()
        #expect(reply.hasPrefix(#"{"v":2,"id":null,"#), "\(request) → \(reply)")
      }
      try client.send(#"{"method":"quakes.count"}"# + "\n")
      #expect(!(try await client.readLine()).contains(#""id""#))

      let watcher = try daemon.query()
      try watcher.send(#"{"id":null,"method":"quakes.watch","more":true}"# + "\n")
      #expect(try await watcher.readLine().hasPrefix(#"{"v":2,"id":null,"result":{"event":"status""#))
    }
  }

  @Test("pipelined requests are answered in order, ids echoed")
  func pipelining() async throws {
    try await withDaemon(serving: SyntheticFeed.ids(3)) { daemon, _ in
      let client = try daemon.query()
      let lines = (0..<50).map { index in
        index % 5 == 4
          ? "garbage \(index)" : #"{"id":\#(index),"method":"\#(index % 2 == 0 ? "quakes.count" : "daemon.info")"}"#
      }
      try client.send(lines.joined(separator: "\n") + "\n")
      for index in 0..<50 {
        let reply = try await client.readObject()
        if index % 5 == 4 {
          #expect(reply.errorCode == "quakes.InvalidRequest")
        } else {
          #expect(reply["id"] as? Int == index)
          #expect(reply.result != nil)
        }
      }
    }
  }

  @Test("500 clients connected at once all get answers")
  func manyClients() async throws {
    try await withDaemon(serving: SyntheticFeed.ids(10)) { daemon, _ in
      let clients = try (0..<500).map { _ in try daemon.query() }
      for (index, client) in clients.enumerated() {
        try client.send(#"{"id":\#(index),"method":"quakes.count"}"# + "\n")
      }
      var answered = 0
      for (index, client) in clients.enumerated() {
        let reply = try await client.readObject()
        if reply["id"] as? Int == index, reply.result?["count"] as? Int == 10 { answered += 1 }
      }
      #expect(answered == 500)
    }
  }

  @Test("every watcher gets the status, then the quakes a refresh inserted, once they are committed")
  func watchSeesRefresh() async throws {
    try await withDaemon(serving: SyntheticFeed.ids(5)) { daemon, standIn in
      let watchers = try [daemon.query(), daemon.control(), daemon.query()]
      for (index, watcher) in watchers.enumerated() {
        try watcher.send(#"{"id":"w\#(index)","method":"quakes.watch","more":true}"# + "\n")
        let first = try await watcher.readObject()
        #expect(first["continues"] as? Bool == true)
        #expect(first.result?["event"] as? String == "status")
        #expect(((first.result?["status"] as? [String: Any])?["cache"] as? [String: Any])?["count"] as? Int == 5)
      }

      standIn.setFeed(
        "all_day", body: SyntheticFeed.body(ids: SyntheticFeed.ids(7), generated: SyntheticFeed.generated + 60_000))
      let refresh = try await daemon.control().call(
        #"{"method":"quakes.refresh","params":{"feed":"all_day","wait":true}}"#)
      let outcome = (refresh.result?["feeds"] as? [[String: Any]])?.first
      #expect(outcome?["outcome"] as? String == "written")
      #expect(outcome?["inserted"] as? Int == 2)

      for (index, watcher) in watchers.enumerated() {
        var inserted: [String] = []
        while inserted.isEmpty {
          let event = try await watcher.readObject()
          #expect(event["id"] as? String == "w\(index)")
          if event.result?["event"] as? String == "changes" {
            #expect(event.result?["feed"] as? String == "all_day")
            inserted = (event.result?["inserted"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
          }
        }
        #expect(Set(inserted) == ["tt5", "tt6"])
      }
    }
  }

  @Test("a stale socket file is replaced; a live one makes a second quakesd refuse to start")
  func staleAndLiveSockets() async throws {
    try await withDaemon(serving: SyntheticFeed.ids(2)) { daemon, standIn in
      try await withChildProcess(
        executable: try ChildProcess.builtExecutable("quakesd"),
        arguments: [
          "--state-dir", daemon.stateDirectory + "-second", "--runtime-dir", daemon.runtimeDirectory,
          "--feed-base-url", standIn.baseURL, "--feed", "all_day",
        ],
        environment: QuakesdProcess.environment(), mergeStandardError: true
      ) { second in
        #expect(await second.waitForExit() == 78, "a configuration to fix, not a failure to restart after")
        #expect(second.printed.contains { $0.contains("another quakesd is already serving") }, "\(second.printed)")
      }
      #expect(try await daemon.query().call(#"{"method":"quakes.count"}"#).result?["count"] as? Int == 2)

      await daemon.stop()
      #expect(FileManager.default.fileExists(atPath: daemon.querySocket), "SIGKILL leaves the socket file behind")
      let directory = try TemporaryDirectory()
      defer { directory.remove() }
      try await withChildProcess(
        executable: try ChildProcess.builtExecutable("quakesd"),
        arguments: [
          "--state-dir", daemon.stateDirectory, "--runtime-dir", daemon.runtimeDirectory,
          "--feed-base-url", standIn.baseURL, "--feed", "all_day",
        ],
        environment: QuakesdProcess.environment(), mergeStandardError: true
      ) { restarted in
        try await restarted.waitForLine { $0.contains("listening on") }
        #expect(
          try await LineConnection(path: daemon.querySocket).call(#"{"method":"quakes.count"}"#).result?["count"]
            as? Int == 2
        )
      }
    }
  }
}
