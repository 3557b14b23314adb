/// The command-line flag that sets a configuration key over the environment
/// and the file, as `quakesd --help` shows it.
public struct ConfigurationFlag: Hashable, Sendable {
  /// What the flag takes.
  public enum Kind: Hashable, Sendable {
    /// One value, e.g. `--state-dir DIR`; given twice, the last counts.
    case option(valueName: String)
    /// A value per occurrence, e.g. `--feed NAME`, repeated: the values in
    /// order are the key's entries and replace what the other sources set.
    case repeatableOption(valueName: String)
    /// No value, e.g. `--no-upstream-deletions`: given, it sets the key as
    /// this text would.
    case setting(String)
  }

  /// The flag as typed, e.g. `--state-dir`.
  public let name: String
  /// What it takes.
  public let kind: Kind
  /// Its line in `quakesd --help`.
  public let help: String

  /// The flag without its leading `--`, e.g. `state-dir`.
  public var longName: String {
    String(self.name.drop { $0 == "-" })
  }

  /// The name of its value in `--help`, e.g. `dir`; `nil` for a flag without a value.
  public var valueName: String? {
    switch self.kind {
    case .option(let valueName), .repeatableOption(let valueName): valueName
    case .setting: nil
    }
  }

}
