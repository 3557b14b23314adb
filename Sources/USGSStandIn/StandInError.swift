/// Why the stand-in could not start.
public struct StandInError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong.
  public let description: String

  init(_ description: String) {
    self.description = description
  }
}
