import ArgumentParser
import QuakesDaemon

extension ArgumentHelp {
  /// The help of `key`'s flag and the name of its value, as its declaration says.
  static func flag(of key: ConfigurationKey) -> ArgumentHelp {
    ArgumentHelp(key.commandLineFlag?.help ?? "", valueName: key.commandLineFlag?.valueName)
  }
}
