import GRDB
import QuakesData

extension NameKey {
  /// The name of ``function``.
  static let functionName = "quakesd_name_key"

  /// ``of(_:)`` as a SQL function, for the migration that fills the keys of
  /// the rows a file already holds.
  static let function = DatabaseFunction(functionName, argumentCount: 1, pure: true) { values in
    Self.of(String.fromDatabaseValue(values[0]))
  }
}
