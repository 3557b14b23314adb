/// The params of `quakes.get` and `quakes.delete`: one quake id.
public struct IdParams: Hashable, Sendable, Codable {
  /// The USGS event id, e.g. `us7000abcd`.
  public var id: String

  /// Creates params for one quake.
  public init(id: String) {
    self.id = id
  }
}
