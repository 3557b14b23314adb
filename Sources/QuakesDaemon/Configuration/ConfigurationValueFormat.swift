/// How a kind of value is written and read: what is allowed, how text
/// becomes a value (or an error naming the place, the key and the value),
/// and how a value prints back as the configuration file takes it.
///
/// The kinds are in `ConfigurationValueFormat+Kinds.swift`; each key of
/// ``ConfigurationKey`` names one.
struct ConfigurationValueFormat<Value> {
  /// Whether the value is a list of entries (a YAML map or list in the file,
  /// a repeatable flag) rather than a single scalar.
  let takesEntries: Bool
  /// What is allowed, in the words error messages use after "allowed:".
  let allowedValues: String
  /// A value the format takes, for tests and examples.
  let example: String
  /// Whether the value is a YAML structure (a list of maps) that a source
  /// gives as YAML text: the file's node as written, or a variable's flow YAML.
  var isStructured = false
  /// Reads text from a source.
  let parse: (ConfigurationText, ConfigurationValueSource) throws(ConfigurationError) -> Value
  /// Writes a value the way `--check-config` prints it and the file reads it back.
  let format: (Value) -> String

  /// A format of a single value, that `read` turns into a value or `nil`
  /// (refused: `<where>: <key> "<text>" is not allowed; allowed: …`).
  static func scalar(
    allowedValues: String, example: String, read: @escaping (String) -> Value?, format: @escaping (Value) -> String
  ) -> Self {
    .scalar(allowedValues: allowedValues, example: example, format: format) { text, source throws(ConfigurationError) in
      guard let value = read(text) else { throw source.badValue(text) }
      return value
    }
  }

  /// A format of a single value that `read` checks, with its own errors.
  static func scalar(
    allowedValues: String, example: String, format: @escaping (Value) -> String,
    read: @escaping (String, ConfigurationValueSource) throws(ConfigurationError) -> Value
  ) -> Self {
    Self(
      takesEntries: false, allowedValues: allowedValues, example: example,
      parse: { text, source throws(ConfigurationError) in
        switch text {
        case .single(let text): return try read(text, source)
        case .entries: throw source.badValue("a list", problem: "is not a single value")
        }
      }, format: format)
  }
}
