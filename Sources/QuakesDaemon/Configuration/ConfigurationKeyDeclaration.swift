/// Everything about a configuration key but its name: its flag, the format
/// of its value, the field of ``DaemonConfiguration`` it sets (whose value
/// there, before any source sets it, is the key's default), and a check of
/// the effective value if the key has one.
///
/// The value's type shows only in the initializer, so that the resolver, the
/// file parser, the report and the flags handle every key alike.
struct ConfigurationKeyDeclaration {
  /// The flag that sets the key, if any.
  let flag: ConfigurationFlag?
  /// Whether the value is a list of entries rather than a single scalar.
  let takesEntries: Bool
  /// Whether the value is a YAML structure, read from its YAML text.
  let isStructured: Bool
  /// What is allowed, in the words error messages use after "allowed:".
  let allowedValues: String
  /// A value the key takes, for tests and examples.
  let example: String
  /// Reads text from a source into the configuration.
  let assign:
    (ConfigurationText, ConfigurationValueSource, inout DaemonConfiguration) throws(ConfigurationError) -> Void
  /// The effective value, written as the configuration file takes it.
  let formattedValue: (DaemonConfiguration) -> String
  /// Checks the effective value, wherever it came from (the default too).
  let checkEffectiveValue: (DaemonConfiguration, ConfigurationValueSource) throws(ConfigurationError) -> Void
  /// Sets the key's field of the second configuration to its value in the
  /// first: a reload keeps what the daemon runs with for a key only a
  /// restart applies (``ConfigurationKey/appliesOnReload``).
  let keepRunningValue: (DaemonConfiguration, inout DaemonConfiguration) -> Void

  /// Declares a key of values in `format` that sets `field`.
  ///
  /// - Parameter check: what the effective value must also satisfy, once
  ///   every source is read; `nil` for nothing more than `format` checks.
  init<Value>(
    flag: ConfigurationFlag?,
    format: ConfigurationValueFormat<Value>,
    field: WritableKeyPath<DaemonConfiguration, Value>,
    check: ((Value, ConfigurationValueSource) throws(ConfigurationError) -> Void)? = nil
  ) {
    self.flag = flag
    self.takesEntries = format.takesEntries
    self.isStructured = format.isStructured
    self.allowedValues = format.allowedValues
    self.example = format.example
    self.assign = { text, source, configuration throws(ConfigurationError) in
      configuration[keyPath: field] = try format.parse(text, source)
    }
    self.formattedValue = { configuration in format.format(configuration[keyPath: field]) }
    self.checkEffectiveValue = { configuration, source throws(ConfigurationError) in
      try check?(configuration[keyPath: field], source)
    }
    self.keepRunningValue = { running, configuration in configuration[keyPath: field] = running[keyPath: field] }
  }
}
