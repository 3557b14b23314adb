import Foundation
import Glibc

/// A network namespace joined to the test's by a veth pair, for a test that
/// cuts a process off from a server and heals it again: a partition, with
/// real packets dropped, not a process stopped.
///
/// The host's end has two addresses, ``serverAddress`` (for the server the
/// test will cut, e.g. PostgreSQL) and ``serviceAddress`` (for what stays
/// reachable, e.g. the USGS stand-in); the namespace's end has
/// ``address``. ``cut()`` routes the server's address into a blackhole
/// inside the namespace, so packets to it vanish as in a partition (no
/// reset, no error: TCP retransmits); ``heal()`` removes the route.
///
/// Making one takes root (`ip netns`, `ip link`): ``isAvailable`` says
/// whether this machine lets the test, and ``withNetworkNamespace(_:)``
/// always removes what it made.
public final class NetworkNamespace: Sendable {
  /// The namespace's name, for `ip netns exec`.
  public let name: String
  /// The host's address for the server a test cuts the namespace off from.
  public let serverAddress: String
  /// The host's address for what the namespace keeps reaching.
  public let serviceAddress: String
  /// The namespace's own address.
  public let address: String
  private let hostLink: String

  /// A program and arguments that run the rest of a command line in the
  /// namespace (``withQuakesd(in:arguments:environment:waitForListening:launcher:_:)``'s `launcher`).
  public var launcher: [String] { [Self.ipProgram, "netns", "exec", self.name] }

  /// Whether this machine lets a test make a namespace and a veth pair
  /// (root, with `ip`): tried once.
  public static let isAvailable: Bool = {
    guard geteuid() == 0, FileManager.default.isExecutableFile(atPath: NetworkNamespace.ipProgram) else { return false }
    let name = "quakes-probe-\(getpid())"
    defer { _ = NetworkNamespace.runSynchronously(NetworkNamespace.ipProgram, "netns", "del", name) }
    return NetworkNamespace.runSynchronously(NetworkNamespace.ipProgram, "netns", "add", name)
  }()

  /// iproute2's `ip`, which `PATH` may not name (it is in `/usr/sbin`).
  static let ipProgram = "/usr/sbin/ip"

  /// Why tests that need one are skipped.
  public static let absent =
    "a network namespace cannot be made here (it takes root and iproute2): the partition tests are skipped"

  private init(name: String, subnet: Int, hostLink: String) {
    self.name = name
    self.serverAddress = "10.231.\(subnet).1"
    self.address = "10.231.\(subnet).2"
    self.serviceAddress = "10.231.\(subnet).3"
    self.hostLink = hostLink
  }

  /// Makes a namespace with a link to this one, up on both ends.
  public static func make() async throws -> NetworkNamespace {
    let tag = UInt16.random(in: 0...UInt16.max)
    let namespace = NetworkNamespace(
      name: "quakes-\(getpid())-\(tag)", subnet: Int(tag % 250) + 1, hostLink: "qh\(tag)")
    let inside = "qn\(tag)"
    do {
      try await Self.run("netns", "add", namespace.name)
      try await Self.run(
        "link", "add", namespace.hostLink, "type", "veth", "peer", "name", inside, "netns", namespace.name)
      try await Self.run("addr", "add", namespace.serverAddress + "/29", "dev", namespace.hostLink)
      try await Self.run("addr", "add", namespace.serviceAddress + "/29", "dev", namespace.hostLink)
      try await Self.run("link", "set", namespace.hostLink, "up")
      try await Self.run(
        "netns", "exec", namespace.name, Self.ipProgram, "addr", "add", namespace.address + "/29", "dev", inside)
      try await Self.run("netns", "exec", namespace.name, Self.ipProgram, "link", "set", inside, "up")
      try await Self.run("netns", "exec", namespace.name, Self.ipProgram, "link", "set", "lo", "up")
      return namespace
    } catch {
      await namespace.remove()
      throw error
    }
  }

  /// Packets from the namespace to ``serverAddress`` vanish from now on.
  public func cut() async throws {
    try await Self.run(
      "netns", "exec", self.name, Self.ipProgram, "route", "add", "blackhole", self.serverAddress + "/32")
  }

  /// Packets to ``serverAddress`` flow again.
  public func heal() async throws {
    try await Self.run(
      "netns", "exec", self.name, Self.ipProgram, "route", "del", "blackhole", self.serverAddress + "/32")
  }

  /// Removes the link and the namespace.
  public func remove() async {
    _ = try? await Self.run("link", "del", self.hostLink)
    _ = try? await Self.run("netns", "del", self.name)
  }

  private static func run(_ arguments: String...) async throws {
    let result = try await Command.run(Self.ipProgram, arguments)
    guard result.status == 0 else {
      throw Failure(description: "ip \(arguments.joined(separator: " ")): \(result.errors)")
    }
  }

  private static func runSynchronously(_ arguments: String...) -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: arguments[0])
    process.arguments = Array(arguments.dropFirst())
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }

  /// Why a namespace could not be made or changed.
  public struct Failure: Error, CustomStringConvertible {
    public let description: String
  }
}

/// Runs `body` with a new ``NetworkNamespace``, and removes it when `body` ends.
public func withNetworkNamespace<Result>(_ body: (NetworkNamespace) async throws -> Result) async throws -> Result {
  let namespace = try await NetworkNamespace.make()
  do {
    let result = try await body(namespace)
    await namespace.remove()
    return result
  } catch {
    await namespace.remove()
    throw error
  }
}
