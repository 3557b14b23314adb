public import QuakesModel

/// The result of `quakes.get`: the quake, with every field.
public struct QuakeResult: Hashable, Sendable, Codable {
  /// The quake asked for.
  public var quake: Quake

  /// Creates a result.
  public init(quake: Quake) {
    self.quake = quake
  }
}
