import Foundation
public import QuakesClient

/// What tests do over a ``LineConnection``: what a script with `socat`
/// would do, without the protocol types, so that they see the bytes the
/// daemon sends; every read gives up after ``testTimeout``.
extension LineConnection {
  /// How long a test waits for a line, or for the server to close.
  public static let testTimeout: Duration = .seconds(30)

  /// Sends `text` as it is (add the newline yourself).
  public func send(_ text: String) throws(LineConnectionError) {
    try self.send(Data(text.utf8))
  }

  /// Sends raw bytes.
  public func send(bytes: [UInt8]) throws(LineConnectionError) {
    try self.send(Data(bytes))
  }

  /// The next line the server sent, without its newline.
  ///
  /// The wait runs on a thread of its own (``onAThreadOfItsOwn(_:)``), not
  /// on one of the task pool's two: a test blocked there for a reply held a
  /// thread every other test of the run (and the readers of the children's
  /// output) needed, and under load the run stalled.
  ///
  /// - Throws: ``LineConnectionError`` when no line came within `timeout`,
  ///   or the server closed the connection.
  public func readLine(timeout: Duration = LineConnection.testTimeout) async throws -> String {
    nonisolated(unsafe) let connection = self
    let line = try await onAThreadOfItsOwn { try connection.readLine(until: .now + timeout) }
    return String(decoding: line, as: UTF8.self)
  }

  /// The next line, parsed as a JSON object, waited for on the calling
  /// thread: for a loop of thousands of replies that runs on a thread of
  /// its own (``onAThreadOfItsOwn(_:)``), where a hop per line back to the
  /// task pool would wait on every other test of the run.
  public func readObjectOnThisThread(timeout: Duration = LineConnection.testTimeout) throws -> [String: Any] {
    let line = try self.readLine(until: .now + timeout)
    guard let object = try JSONSerialization.jsonObject(with: line) as? [String: Any] else {
      throw NotAnObject(line: String(decoding: line, as: UTF8.self))
    }
    return object
  }

  /// The next line, parsed as a JSON object.
  public func readObject(timeout: Duration = LineConnection.testTimeout) async throws -> [String: Any] {
    let line = try await self.readLine(timeout: timeout)
    guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
      throw NotAnObject(line: line)
    }
    return object
  }

  /// Sends one request line and reads the reply line as a JSON object,
  /// waiting `timeout` for it (longer for a reply that waits for a large
  /// write, which a loaded machine makes slow).
  public func call(_ request: String, timeout: Duration = LineConnection.testTimeout) async throws -> [String: Any] {
    try self.send(request + "\n")
    return try await self.readObject(timeout: timeout)
  }

  /// Whether the server closed the connection (reads end-of-file) within
  /// ``testTimeout``; waits on a thread of its own, as ``readLine()`` does.
  public func isClosedByServer() async -> Bool {
    await self.isClosed(before: .now + Self.testTimeout)
  }

  /// Whether the server closes the connection before `deadline`, waiting on
  /// a thread of its own.
  public func isClosed(before deadline: ContinuousClock.Instant) async -> Bool {
    nonisolated(unsafe) let connection = self
    return (try? await onAThreadOfItsOwn { connection.isClosedByPeer(before: deadline) }) ?? false
  }

  /// A reply line that is not a JSON object.
  public struct NotAnObject: Error, CustomStringConvertible {
    /// The line as it came.
    public let line: String
    public var description: String { "not a JSON object: \(self.line)" }
  }
}
