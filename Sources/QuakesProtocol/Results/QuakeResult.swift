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

extension QuakeResult: JSONWritable {
  public func writeJSON(to buffer: inout JSONBuffer) {
    buffer.append(raw: "{\"quake\":")
    self.quake.writeJSON(to: &buffer)
    buffer.append(raw: "}")
  }
}
