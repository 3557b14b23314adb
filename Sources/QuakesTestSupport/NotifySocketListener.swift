import Foundation
import QuakesProtocol

/// What systemd's side of `sd_notify(3)` is for a test: a Unix datagram
/// socket in a temporary directory, named by `NOTIFY_SOCKET` in the child's
/// environment, that collects every message (`READY=1\nSTATUS=…`).
public final class NotifySocketListener {
  /// The socket's path: the child's `NOTIFY_SOCKET`.
  public let path: String
  private let descriptor: Int32

  /// Why listening or waiting failed.
  public struct Failure: Error, CustomStringConvertible {
    public let description: String
  }

  /// Binds a datagram socket at `notify.sock` in `directory`.
  public init(in directory: TemporaryDirectory) throws {
    self.path = directory.file("notify.sock")
    let descriptor = try UnixSocketAddress(self.path).boundDatagramSocket()
    var interval = timeval(tv_sec: 0, tv_usec: 100_000)
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &interval, socklen_t(MemoryLayout<timeval>.size))
    self.descriptor = descriptor
  }

  deinit {
    close(self.descriptor)
  }

  /// Every message received so far, each split into its `KEY=value` lines.
  public private(set) var messages: [[String]] = []

  /// Waits until a message holds a line for which `predicate` holds; returns
  /// that message.
  ///
  /// - Throws: ``Failure`` after `timeout`, listing what did arrive.
  @discardableResult
  public func waitForMessage(timeout: Duration = .seconds(60), where predicate: (String) -> Bool) async throws
    -> [String]
  {
    let found = try await poll(until: .now + timeout, every: .milliseconds(1)) {
      self.receiveAvailable()
      return self.messages.first { $0.contains(where: predicate) }
    }
    guard let found else {
      throw Failure(description: "no such notification within \(timeout); received \(self.messages)")
    }
    return found
  }

  /// Waits until `count` messages include `line` exactly (e.g. `WATCHDOG=1`).
  ///
  /// - Throws: ``Failure`` after `timeout`, saying how many did.
  public func waitForMessages(_ count: Int, containing line: String, timeout: Duration = .seconds(60)) async throws {
    let reached = try await poll(until: .now + timeout, every: .milliseconds(10)) {
      self.messages(containing: line).count >= count ? true : nil
    }
    if reached != nil { return }
    throw Failure(
      description: "\(self.messages(containing: line).count) of \(count) \(line) notifications within \(timeout)")
  }

  /// The messages whose lines include `line` exactly (e.g. `WATCHDOG=1`).
  public func messages(containing line: String) -> [[String]] {
    self.receiveAvailable()
    return self.messages.filter { $0.contains(line) }
  }

  private func receiveAvailable() {
    var buffer = [UInt8](repeating: 0, count: 4_096)
    while true {
      let count = buffer.withUnsafeMutableBytes { recv(self.descriptor, $0.baseAddress, $0.count, 0) }
      guard count > 0 else { return }
      let text = String(decoding: buffer[..<count], as: UTF8.self)
      self.messages.append(text.split(separator: "\n").map(String.init))
    }
  }
}
