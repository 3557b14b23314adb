public import Subprocess

/// A child's environment from plain `[String: String]`, as tests and the
/// benchmarks hold it.
extension Environment {
  /// Exactly `variables`, nothing inherited.
  public static func only(_ variables: [String: String]) -> Environment {
    .custom(Dictionary(uniqueKeysWithValues: variables.map { (Key(stringLiteral: $0.key), $0.value) }))
  }

  /// This process's environment with `variables` added (or replacing what it has).
  public static func inherited(adding variables: [String: String]) -> Environment {
    .inherit.updating(
      Dictionary(uniqueKeysWithValues: variables.map { (Key(stringLiteral: $0.key), Optional($0.value)) }))
  }
}
