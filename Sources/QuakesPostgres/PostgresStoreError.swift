/// Why a PostgreSQL store cannot do what was asked: a sentence that says
/// what happened and what to do.
public struct PostgresStoreError: Error, Equatable, CustomStringConvertible {
  public let description: String

  init(_ description: String) {
    self.description = description
  }
}
