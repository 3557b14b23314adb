import ArgumentParser
import QuakesDaemon

extension NameSpecification {
  /// The long name of `key`'s flag, e.g. `--state-dir`, as its declaration says.
  static func flag(of key: ConfigurationKey) -> NameSpecification {
    .customLong(key.commandLineFlag?.longName ?? key.name)
  }
}
