/// What the command line says, as typed: the values of the flags that set
/// configuration keys (checked when the configuration is resolved, so a bad
/// flag value is a configuration error like a bad file value), and what only
/// flags say: the file to read and the run modes.
public struct CommandLineSettings: Hashable, Sendable {
  /// `--config FILE`: the configuration file to read.
  public var configFile: String?
  /// The values of the flags of ``ConfigurationKey/commandLineFlag``, by key:
  /// an option's value, a repeatable option's values as entries, or the text
  /// a flag without a value stands for (``ConfigurationFlag/Kind/setting(_:)``).
  /// A key without a flag is not read.
  public var values: [ConfigurationKey: ConfigurationText]
  /// `--once`: poll each feed once, write and exit.
  public var once: Bool
  /// `--ephemeral`: keep the cache in memory only.
  public var ephemeral: Bool

  /// Creates settings; by default, no flag given.
  public init(
    configFile: String? = nil, values: [ConfigurationKey: ConfigurationText] = [:], once: Bool = false,
    ephemeral: Bool = false
  ) {
    self.configFile = configFile
    self.values = values
    self.once = once
    self.ephemeral = ephemeral
  }

  /// Records the value of `key`'s option, when given.
  public mutating func record(_ key: ConfigurationKey, value: String?) {
    guard let value else { return }
    self.values[key] = .single(value)
  }

  /// Records the values of `key`'s repeatable option, when given at least once.
  public mutating func record(_ key: ConfigurationKey, values: [String]) {
    guard !values.isEmpty else { return }
    self.values[key] = .entries(values)
  }

  /// Records `key`'s flag without a value, when given, as the text it stands for.
  public mutating func record(_ key: ConfigurationKey, given: Bool) {
    guard given, case .setting(let text)? = key.commandLineFlag?.kind else { return }
    self.values[key] = .single(text)
  }

  /// The keys the flags set, with their flags and values, in the order they
  /// are checked: options, then repeatable options, then flags without a
  /// value, each in the order of the keys (so that, of several bad flags,
  /// the message names the one it always has).
  var flagged: [(key: ConfigurationKey, flag: ConfigurationFlag, text: ConfigurationText)] {
    var given: [(key: ConfigurationKey, flag: ConfigurationFlag, text: ConfigurationText)] = []
    for key in ConfigurationKey.allCases {
      guard let flag = key.commandLineFlag, let text = self.values[key] else { continue }
      given.append((key, flag, text))
    }
    return given.enumerated()
      .sorted {
        (Self.checkingRank($0.element.flag.kind), $0.offset) < (Self.checkingRank($1.element.flag.kind), $1.offset)
      }
      .map { $0.element }
  }

  private static func checkingRank(_ kind: ConfigurationFlag.Kind) -> Int {
    switch kind {
    case .option: 0
    case .repeatableOption: 1
    case .setting: 2
    }
  }
}
