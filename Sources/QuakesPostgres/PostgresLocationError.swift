/// Why the store's location or password cannot be used: a sentence that
/// says what to change.
public struct PostgresLocationError: Error, Equatable, CustomStringConvertible {
  public let description: String

  init(_ description: String) {
    self.description = description
  }
}
