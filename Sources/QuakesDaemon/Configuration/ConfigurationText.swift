/// A value as a source writes it, before its key reads it.
public enum ConfigurationText: Hashable, Sendable {
  /// One piece of text: a scalar of the file, an environment variable, the
  /// value of a flag (or the text a flag without a value stands for).
  case single(String)
  /// Entries in order: a map or a list of the file (`NAME: VALUE` written
  /// `NAME=VALUE`), or the values of a repeated flag.
  case entries([String])
}
