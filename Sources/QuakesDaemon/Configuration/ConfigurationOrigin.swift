/// Where a setting's effective value came from, for `--check-config` and for
/// error messages that say where to fix a value.
public enum ConfigurationOrigin: Hashable, Sendable, CustomStringConvertible {
  /// Nothing set it: the built-in default.
  case defaultValue
  /// The configuration file, at a line (1-based) when known.
  case file(path: String, line: Int?)
  /// An environment variable.
  case environment(variable: String)
  /// A command-line flag.
  case flag(String)

  /// Short, for `--check-config`: `default`, `file /etc/quakesd/quakesd.conf:3`,
  /// `environment QUAKESD_FEEDS`, `flag --state-dir`.
  public var description: String {
    switch self {
    case .defaultValue: "default"
    case .file(let path, let line): "file \(path)" + (line.map { ":\($0)" } ?? "")
    case .environment(let variable): "environment \(variable)"
    case .flag(let flag): "flag \(flag)"
    }
  }

  /// Where to look, at the start of an error message: `/etc/quakesd/quakesd.conf, line 3`,
  /// `environment variable QUAKESD_FEEDS`, `flag --feed`.
  public var place: String {
    switch self {
    case .defaultValue: "the built-in default"
    case .file(let path, let line): path + (line.map { ", line \($0)" } ?? "")
    case .environment(let variable): "environment variable \(variable)"
    case .flag(let flag): "flag \(flag)"
    }
  }
}
