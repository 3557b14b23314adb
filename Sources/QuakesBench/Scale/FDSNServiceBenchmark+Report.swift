import Foundation

extension FDSNServiceBenchmark.Result {
  /// The report's section: what was run, the loads side by side, the long answers.
  func section(quakes: String, peers: Bool) -> String {
    var loads = MarkdownTable(
      "question", "quakesd, replies/s", "quakesd p50 / p99, ms", "datasette, replies/s", "datasette p50 / p99, ms",
      "throughput ÷ datasette")
    var raw: [String] = []
    for question in FDSNServiceBenchmark.Question.allCases {
      let ours = LoadFigures(self.ours[question] ?? [])
      let peer = LoadFigures(self.peer[question] ?? [])
      loads.add(
        question.title, ours.rate.text(0), "\(ours.p50.text(2)) / \(ours.p99.text(2))",
        peer.isEmpty ? "—" : peer.rate.text(0), peer.isEmpty ? "—" : "\(peer.p50.text(2)) / \(peer.p99.text(2))",
        peer.isEmpty ? "—" : String(format: "%.1f×", ours.rate.median / peer.rate.median))
      raw.append(
        "- \(question.title): quakesd replies/s \(ours.rate.raw(0)), p50 \(ours.p50.raw(2)); datasette replies/s \(peer.rate.raw(0)), p50 \(peer.p50.raw(2))"
      )
      if question == .newest100, !self.withoutTexts.isEmpty {
        let plain = LoadFigures(self.withoutTexts)
        loads.add(
          Self.withoutTextsTitle, plain.rate.text(0), "\(plain.p50.text(2)) / \(plain.p99.text(2))",
          peer.isEmpty ? "—" : peer.rate.text(0), peer.isEmpty ? "—" : "\(peer.p50.text(2)) / \(peer.p99.text(2))",
          peer.isEmpty ? "—" : String(format: "%.1f×", plain.rate.median / peer.rate.median))
        raw.append("- \(Self.withoutTextsTitle): quakesd replies/s \(plain.rate.raw(0)), p50 \(plain.p50.raw(2))")
      }
    }
    var floorTable = MarkdownTable("server", "replies/s", "p50 / p99, ms")
    if let ours = self.ours[.newest100].map(LoadFigures.init), !self.floors.isEmpty {
      floorTable.add("quakesd, the FDSN service", ours.rate.text(0), "\(ours.p50.text(2)) / \(ours.p99.text(2))")
      for server in FDSNServiceBenchmark.FloorServer.allCases {
        guard let outcomes = self.floors[server] else {
          floorTable.add(server.title + ", from memory", "not built (`make bench-peers`)", "—")
          continue
        }
        let floor = LoadFigures(outcomes)
        floorTable.add(
          server.title + ", from memory", floor.rate.text(0), "\(floor.p50.text(2)) / \(floor.p99.text(2))")
        raw.append("- \(server.title), from memory: replies/s \(floor.rate.raw(0)), p50 \(floor.p50.raw(2))")
      }
    }
    var long = MarkdownTable("format", "first event, ms", "last byte, ms", "MiB", "quakesd's memory rise, MiB")
    for answer in self.longAnswers {
      long.add(
        answer.format, answer.firstEvent.text(2), answer.lastByte.text(0), String(format: "%.1f", answer.megabytes),
        answer.memoryRise.isEmpty ? "— (no /proc/PID/clear_refs)" : answer.memoryRise.text(1))
    }
    let (first, _) = FDSNServiceBenchmark.Question.newest100.targets(0)
    let (count, _) = FDSNServiceBenchmark.Question.countM4.targets(0)
    return """
      ## The FDSN event service

      quakesd serves the catalogue on `http-listen` (`/fdsnws/event/1/`); \
      \(peers ? "datasette serves the same file beside it (not with `-i`: quakesd has it open, in WAL mode)" : "datasette was not installed (`make bench-peers`): quakesd alone"). \
      `quakes-bench load` keeps 32 connections busy with one request in flight on each, every request with \
      a bound of its own (request `i` ends at \(DistinctUntil.iso8601(0)) plus `i` seconds, after every quake), \
      rounds alternating which server goes first. Neither side caches answers, and both read the database \
      for each, through the same warm operating-system cache. quakesd keeps the text of each event it \
      wrote (`http-event-cache`, 8 MiB by default) until the cache changes, and an answer copies the texts \
      of the events it holds instead of writing them again: the newest 100 read their ids from the time \
      index and copy their 100 texts. "\(Self.withoutTextsTitle)" is a quakesd started afterwards with \
      `QUAKESD_HTTP_EVENT_CACHE=0`, which reads and writes each event of each answer, as datasette reads and \
      writes its rows. datasette caches nothing here. The answers are not the same bytes: quakesd writes QuakeML, \
      datasette JSON rows of the same 100 quakes.

      ```sh
      quakesd --http-listen 127.0.0.1:0   # on the catalogue's state directory, its feed unreachable
      curl 'http://HOST\(first)'
      curl 'http://HOST\(count)'
      datasette serve quakes.sqlite --host 127.0.0.1 --port 0
      quakes-bench load --tcp PORT --framing http --requests FILE --each-once --connections 32 --depth 1
      ```

      \(loads.text)

      What this machine allows for the newest 100 under the same load (32 connections, one request in \
      flight on each, rounds taking turns with the others): the bytes of quakesd's answer to the first \
      request, the same each time, sent from memory by three servers with no database, no encoding and \
      nothing else behind them. The stand-in for USGS (`usgs-standin --no-gzip`) is one swift-nio handler \
      on one event-loop thread, with no task behind it. quakesd's HTTP listener (`quakes-bench serve`: the \
      listener the FDSN service and `/metrics` run on, with its idle and request clocks, its handler an \
      async function) and Hummingbird 2 (`hummingbird-floor`, from 2.28.1 as `make bench-peers` resolves \
      it, built from Tests/Peers: one route, its defaults, no idle timeout; it adds a `Date` header) are \
      the two HTTP layers the issue asked to measure against each other, doing the same work on swift-nio's \
      shared event loops. Each is a floor, not a peer: quakesd, which \
      also reads and writes the 100 events, cannot answer faster than a server that only sends them.

      \(floorTable.text)

      A long answer: \(self.events.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))) \
      events in each format (`limit`, with `http-max-events` raised to match), one request at a time over \
      HTTP/1.0, each checked to hold that many events. "First event" is when the first event has arrived \
      whole (the response's head comes before it, and would flatter the figure). quakesd reads a long answer through a cursor of its \
      own, a page of 256 events at a time as the connection takes them; the memory rise is the daemon's \
      peak resident memory (reset through `/proc/PID/clear_refs` first) above what it was before the request.

      \(long.text)

      Raw figures, in round order:

      \(raw.joined(separator: "\n"))
      """
  }

  /// The row of the newest 100 asked of a quakesd that keeps no texts of events.
  static let withoutTextsTitle = "query: the newest 100 events, quakesd keeping no texts of events"

  /// Issue 34's goals, as rows of the report's goals.
  func addGoals(to goals: inout MarkdownTable) {
    func met(_ isMet: Bool) -> String { isMet ? "yes" : "**no**" }
    var measured = FDSNServiceBenchmark.Question.allCases.map { ($0.title, $0, self.ours[$0] ?? []) }
    if !self.withoutTexts.isEmpty { measured.insert((Self.withoutTextsTitle, .newest100, self.withoutTexts), at: 1) }
    for (title, question, outcomes) in measured {
      let ours = LoadFigures(outcomes)
      goals.add(
        "FDSN \(title), 32 connections: p50 ≤ \(Int(question.p50Goal)) ms",
        String(format: "%.2f ms", ours.p50.median), met(ours.p50.median <= question.p50Goal))
      let peer = LoadFigures(self.peer[question] ?? [])
      if !peer.isEmpty {
        goals.add(
          "FDSN \(title): throughput ≥ 10× datasette's",
          String(format: "%.0f/s against %.0f/s", ours.rate.median, peer.rate.median),
          met(ours.rate.median >= 10 * peer.rate.median))
      }
    }
    let firstEvents = self.longAnswers.map(\.firstEvent.median)
    let rises = self.longAnswers.filter { !$0.memoryRise.isEmpty }.map(\.memoryRise.maximum)
    goals.add(
      "FDSN answer of \(self.events) events: its first event within \(Int(FDSNServiceBenchmark.firstEventGoal)) ms in every format",
      firstEvents.map { String(format: "%.2f ms", $0) }.joined(separator: ", "),
      met(firstEvents.allSatisfy { $0 <= FDSNServiceBenchmark.firstEventGoal }))
    goals.add(
      "FDSN answer of \(self.events) events: quakesd's memory rise ≤ \(Int(FDSNServiceBenchmark.memoryRiseGoal)) MiB",
      rises.isEmpty ? "not measured" : rises.map { String(format: "%.1f MiB", $0) }.joined(separator: ", "),
      rises.isEmpty ? "—" : met(rises.allSatisfy { $0 <= FDSNServiceBenchmark.memoryRiseGoal }))
  }
}
