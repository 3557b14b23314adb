import Foundation
import Logging
import QuakesData
import QuakesTestSupport
import Testing

@testable import QuakesDaemon

/// A delivery that reached its receiver is never repeated: exit status 0
/// and a 2xx decide, and what follows them (output beyond the cap, a body
/// too large, cut short or never finished) is reported, not retried.
@Suite("Alert channels: exit status 0 and a 2xx decide")
struct AlertChannelTests {
  private static let delivery = AlertDelivery(
    firing: 1, channel: "test", rule: "near-home", event: "new", quakeId: "us1", key: "near-home/new/us1/1",
    payload: #"{"event":"new","quake":{"id":"us1"}}"#, attempts: 0)
  private static let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }

  private static func webhook(_ receiver: WebhookReceiver, timeout: Duration = .seconds(10)) -> WebhookChannel {
    WebhookChannel(url: receiver.url(), secret: nil, headers: [], timeout: timeout)
  }

  private static func program(_ script: String, in directory: TemporaryDirectory) throws -> ExecChannel {
    let path = directory.file("notify")
    try writeExecutableScript("#!/bin/sh\n\(script)\n", to: path)
    return ExecChannel(command: [path], timeout: .seconds(30))
  }

  static let brokenBodies: [WebhookReceiver.BrokenBody] = [
    .large(bytes: 8 << 20, announced: true), .large(bytes: 8 << 20, announced: false), .cutShort, .headOnly,
    .badEncoding,
  ]

  @Test("a 2xx whose body then goes wrong is delivered, and the receiver got one request", arguments: brokenBodies)
  func brokenBodyAfterSuccess(_ broken: WebhookReceiver.BrokenBody) async throws {
    try await withWebhookReceiver(answering: .brokenBody(status: 202, broken)) { receiver in
      let outcome = await Self.webhook(receiver, timeout: .milliseconds(500)).deliver(Self.delivery)
      #expect(outcome.isDelivered, "\(outcome)")
      #expect(outcome.detail.hasPrefix("HTTP 202; the rest of the answer was not read: "), "\(outcome.detail)")
      #expect(receiver.received.count == 1)
    }
  }

  @Test("a 5xx whose body goes wrong is still retried", arguments: brokenBodies)
  func brokenBodyAfterFailure(_ broken: WebhookReceiver.BrokenBody) async throws {
    try await withWebhookReceiver(answering: .brokenBody(status: 503, broken)) { receiver in
      let outcome = await Self.webhook(receiver, timeout: .milliseconds(500)).deliver(Self.delivery)
      #expect(outcome == .retryable(outcome.detail) && !outcome.detail.hasPrefix("HTTP"), "\(outcome)")
    }
  }

  @Test("a program that writes 4 MB to standard error and exits 0 is delivered")
  func programWritingWithoutEnd() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let channel = try Self.program("head -c 4000000 /dev/zero | tr '\\0' e >&2\nexit 0", in: directory)
    let outcome = await channel.deliver(Self.delivery, logger: Self.logger)
    #expect(outcome == .delivered("exit status 0"), "\(outcome)")
  }

  @Test("a program that reads none of its input and exits at once is delivered")
  func programIgnoringInput() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let channel = try Self.program("exit 0", in: directory)
    let outcome = await channel.deliver(Self.delivery, logger: Self.logger)
    #expect(outcome == .delivered("exit status 0"), "\(outcome)")
  }

  @Test("an exit status but 0 is retried with the last line it wrote; a program that is not there fails for good")
  func failures() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let failing = try Self.program("echo first >&2\necho 'no route to ntfy' >&2\nexit 3", in: directory)
    #expect(
      await failing.deliver(Self.delivery, logger: Self.logger) == .retryable("exit status 3: no route to ntfy"))
    let missing = ExecChannel(command: [directory.file("absent")], timeout: .seconds(1))
    let outcome = await missing.deliver(Self.delivery, logger: Self.logger)
    #expect(outcome == .permanent(outcome.detail) && outcome.detail.contains("No such file"), "\(outcome)")
  }

  @Test(
    "a place of 200 KB (over the kernel's 128 KiB for one variable) reaches the program cut to 4 KiB, whole on stdin")
  func longFieldsInTheEnvironment() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let place = String(repeating: "Ω", count: 100_000)
    var delivery = Self.delivery
    delivery.payload = #"{"event":"new","quake":{"id":"us1","place":"\#(place)"}}"#
    let channel = try Self.program(
      #"test "$(printf %s "$QUAKE_PLACE" | wc -c)" -eq 4096 && test "$(wc -c)" -gt 200000 && exit 0; exit 9"#,
      in: directory)
    let outcome = await channel.deliver(delivery, logger: Self.logger)
    #expect(outcome == .delivered("exit status 0"), "\(outcome)")
    #expect(ExecChannel.capped("aΩ").utf8.count == 3 && ExecChannel.capped(place).utf8.count == 4096)
    #expect(ExecChannel.capped("a" + place).utf8.count == 4095, "cut at a character's end")
  }

  @Test("a program that outlives its timeout is stopped, and retried")
  func timeout() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let hanging = try Self.program("exec sleep 600", in: directory)
    let outcome = await hanging.deliver(Self.delivery, logger: Self.logger, clock: ProgramRunTests.ExpiredClock())
    #expect(outcome == .retryable("did not finish within 30s; stopped"))
  }
}
