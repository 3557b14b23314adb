/// The error codes a reply can carry. Each tells a client what kind of thing
/// went wrong; the message says what exactly and what to do.
public enum ErrorCode: String, CaseIterable, Hashable, Sendable, Codable {
  /// Not JSON, not an object, no or unknown method, bad params.
  case invalidRequest = "quakes.InvalidRequest"
  /// No quake with that id.
  case notFound = "quakes.NotFound"
  /// A control method on the query socket.
  case permissionDenied = "quakes.PermissionDenied"
  /// A line over ``WireProtocol/maxLineLength``.
  case tooLarge = "quakes.TooLarge"
  /// A `"v"` this daemon does not speak.
  case unsupportedVersion = "quakes.UnsupportedVersion"
  /// `daemon.reload` found the configuration invalid; the daemon keeps the one it runs with.
  case invalidConfiguration = "quakes.InvalidConfiguration"
  /// The daemon cannot do it now (a fetch failed, it is stopping, a watcher fell behind).
  case unavailable = "quakes.Unavailable"
  /// A bug: the daemon failed in a way it did not foresee.
  case `internal` = "quakes.Internal"
}
