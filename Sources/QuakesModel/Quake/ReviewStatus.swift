/// Whether a seismologist reviewed an event's solution (`properties.status`).
///
/// USGS sends `automatic` or `reviewed` (upper case in 2013–2014 feeds, and
/// `deleted` in some products). The value is kept lower-cased, and any other
/// word is kept as it came rather than dropped.
public struct ReviewStatus: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
  /// The lower-cased word, e.g. `reviewed`.
  public let rawValue: String

  /// Creates a status from the word USGS sent, in any case.
  public init(rawValue: String) {
    self.rawValue = rawValue.lowercased()
  }

  /// The solution was computed by a program and nobody has looked at it yet.
  public static let automatic = ReviewStatus(rawValue: "automatic")
  /// A seismologist reviewed the solution.
  public static let reviewed = ReviewStatus(rawValue: "reviewed")

  public var description: String { self.rawValue }

  public init(from decoder: any Decoder) throws {
    self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(self.rawValue)
  }
}
