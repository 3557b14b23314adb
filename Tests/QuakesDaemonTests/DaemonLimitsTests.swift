import Foundation
import QuakesClient
import QuakesTestSupport
import Synchronization
import Testing

/// The limits that keep one client from costing the daemon more than its
/// share, against the real binary.
@Suite("quakesd limits: slow watchers, clients that stop reading", .timeLimit(.minutes(2)))
struct DaemonLimitsTests {
  @Test("a watcher that stops reading is sent an error line and dropped; deletes go on and other clients are served")
  func slowWatcherIsDropped() async throws {
    let quakes = 8_000
    try await withDaemon(serving: SyntheticFeed.ids(quakes)) { daemon, _ in
      let watcher = try daemon.query()
      try watcher.send(#"{"id":"slow","method":"quakes.watch","more":true}"# + "\n")
      #expect(try await watcher.readObject().result?["event"] as? String == "status")

      // One `changes` line per delete: deletes go on, 250 at a time, until
      // the watcher is dropped, which takes far more than the socket buffers
      // and the watcher's 1,024 queued lines hold while it reads nothing
      // (about 2,000 here; 8,000 are there to delete). The replies are read
      // on a thread of their own, not a hop each.
      let controlSocket = daemon.controlSocket
      let dropped = StopFlag()
      let deletes = Task {
        try await onAThreadOfItsOwn {
          let control = try LineConnection(path: controlSocket)
          let ids = SyntheticFeed.ids(quakes)
          var answered = 0
          for start in stride(from: 0, to: quakes, by: 250) where !dropped.isRaised {
            let batch = ids[start..<min(start + 250, quakes)]
            try control.send(
              batch.map { #"{"method":"quakes.delete","params":{"id":"\#($0)"}}"# }.joined(separator: "\n") + "\n")
            for _ in batch where try control.readObjectOnThisThread().result != nil {
              answered += 1
            }
          }
          return answered
        }
      }
      try await daemon.child.waitForLine { $0.contains("dropping a watcher") && $0.contains("1024 lines behind") }
      dropped.raise()

      nonisolated(unsafe) let reader = watcher
      let (changes, id, code, message) = try await onAThreadOfItsOwn {
        var changes = 0
        var last: [String: Any] = [:]
        while last.errorCode == nil {
          last = try reader.readObjectOnThisThread()
          changes += last.result?["event"] as? String == "changes" ? 1 : 0
        }
        return (changes, last["id"] as? String, last.errorCode, last.errorMessage)
      }
      #expect(id == "slow")
      #expect(code == "quakes.Unavailable")
      #expect(message?.contains("fell more than 1024 lines behind") == true, "\(String(describing: message))")
      let deleted = try await deletes.value
      #expect(changes >= 1_024 && changes < deleted, "the lines queued before the overflow, not every delete")
      #expect(await watcher.isClosedByServer())

      #expect(deleted % 250 == 0 && deleted > changes, "every delete sent was answered while the watcher lagged")
      #expect(
        try await daemon.query().call(#"{"method":"quakes.count"}"#).result?["count"] as? Int == quakes - deleted)
    }
  }

  /// A flag one task raises and a thread of its own reads.
  private final class StopFlag: Sendable {
    private let raised = Mutex(false)

    var isRaised: Bool { self.raised.withLock { $0 } }

    func raise() { self.raised.withLock { $0 = true } }
  }

  @Test("a client that pipelines large replies and stops reading is closed after the idle timeout, which frees them")
  func stalledReaderIsClosed() async throws {
    // 8,000 quakes are about 2.8 MB a reply: far more than the socket buffers
    // take, so the second reply waits for the client, which never reads.
    try await withDaemon(serving: SyntheticFeed.ids(8_000), environment: ["QUAKESD_IDLE_TIMEOUT": "1s"]) { daemon, _ in
      let stalled = try LineConnection(path: daemon.querySocket)
      try stalled.send(#"{"id":1,"method":"quakes.list"}"# + "\n" + #"{"id":2,"method":"quakes.list"}"# + "\n")
      // Closed once the idle timeout passed after its first reply was encoded
      // (encoding 2.8 MB in a debug build on a loaded machine takes seconds);
      // without the idle timeout it would stay open for good.
      let deadline = ContinuousClock.now + .seconds(30)
      while !stalled.isHungUp(), ContinuousClock.now < deadline {
        try await Task.sleep(for: .milliseconds(100))
      }
      #expect(stalled.isHungUp(), "the replies it did not read kept it open")
      #expect(try await daemon.query().call(#"{"method":"quakes.count"}"#).result?["count"] as? Int == 8_000)
    }
  }

  @Test("a client that trickles a request line a byte at a time is closed at the idle timeout (1 s) after it connected")
  func tricklingClientIsClosed() async throws {
    try await withDaemon(serving: SyntheticFeed.ids(3), environment: ["QUAKESD_IDLE_TIMEOUT": "1s"]) { daemon, _ in
      let trickler = try LineConnection(path: daemon.querySocket)
      let line = #"{"id":1,"method":"quakes.count"}"# + String(repeating: " ", count: 400)
      // One byte every 50 ms: the line would take 20 s. Before, every byte
      // counted as activity, and the connection outlived the idle timeout.
      var sent = 0
      for byte in line.utf8 {
        guard !trickler.isHungUp(), (try? trickler.send(bytes: [byte])) != nil else { break }
        sent += 1
        try await Task.sleep(for: .milliseconds(50))
      }
      #expect(await trickler.isClosedByServer(), "still open after \(sent) bytes")
      #expect(sent < line.utf8.count, "closed before its line ended")
    }
  }

  @Test(
    "the open-file limit is checked against the sockets' clients and the HTTP faces' connections together",
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: "/usr/bin/prlimit") && Self.mayRaiseOpenFiles(to: 4_200),
      "no prlimit on this machine, or a hard open-file limit below 4,200 that only root may raise"))
  func openFilesCountHTTP() async throws {
    // 4,200 files hold the sockets' 4,096 clients and 64 of quakesd's own,
    // not also the FDSN service's 256 connections and the metrics' 16.
    let launcher = ["/usr/bin/prlimit", "--nofile=4200:4200", "--"]
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    for (extra, notice) in [
      ([], nil),
      (
        ["--http-listen", "0", "--metrics-listen", "0"],
        "at most 4200 open files: fewer clients than 4368 (4096 on the sockets, 272 over HTTP) fit at once"
      ),
    ] {
      try await withQuakesd(
        in: directory, arguments: ["--feed-base-url", "http://127.0.0.1:9/", "--feed", "all_day"] + extra,
        launcher: launcher
      ) { daemon in
        // The check comes before the sockets listen, which withQuakesd waited for.
        let said = daemon.child.printed.filter { $0.contains("open files") }
        let expected = notice.map { ["notice quakesd: " + $0] } ?? []
        #expect(said.map { $0.split(separator: " ", maxSplits: 1).last.map(String.init) } == expected, "\(extra)")
      }
    }
  }

  /// Whether this process may set its open-file limit to `count` (and so
  /// its children): as root, or under a hard limit that high.
  static func mayRaiseOpenFiles(to count: Int) -> Bool {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return false }
    return geteuid() == 0 || limit.rlim_max >= rlim_t(count)
  }
}
