import Foundation

/// Creates a directory the daemon needs (the state or the runtime
/// directory) with every missing parent, or says in one sentence why it
/// cannot: which part of the path is in the way and which setting to change.
///
/// Foundation's `createDirectory` reports such failures as an
/// `NSCocoaErrorDomain` dump ("Code=512 (null)"), which tells an
/// administrator nothing; and a directory the daemon cannot create is a
/// configuration to fix, not a failure a restart mends, hence a
/// ``ConfigurationError`` (exit status 78).
enum DirectoryCreation {
  /// Creates `directory` (for `key`) and its missing parents.
  ///
  /// - Parameter permissions: the exact mode of each directory created;
  ///   `nil` for 0777 less the umask.
  /// - Throws: ``ConfigurationError`` when a part of the path is not a
  ///   directory, or a part cannot be reached or created.
  static func create(_ directory: URL, for key: ConfigurationKey, permissions: mode_t? = nil) throws(ConfigurationError)
  {
    let path = directory.standardizedFileURL.path
    var prefix = ""
    for component in path.split(separator: "/") {
      prefix += "/" + component
      var status = stat()
      if stat(prefix, &status) == 0 {
        guard status.st_mode & S_IFMT == S_IFDIR else {
          throw Self.error(
            path, key, prefix == path ? "it is a file, not a directory" : "\(prefix) is a file, not a directory")
        }
        continue
      }
      guard errno == ENOENT else {
        throw Self.error(path, key, "\(prefix): \(String(cString: strerror(errno)))")
      }
      guard mkdir(prefix, permissions ?? 0o777) == 0 || errno == EEXIST else {
        throw Self.error(path, key, "cannot create \(prefix): \(String(cString: strerror(errno)))")
      }
      if let permissions { chmod(prefix, permissions) }
    }
  }

  private static func error(_ path: String, _ key: ConfigurationKey, _ problem: String) -> ConfigurationError {
    let what = key == .runtimeDirectory ? "the runtime directory" : "the state directory"
    let setting = [key.flag, key.name, key.environmentVariable].compactMap { $0 }.joined(separator: ", ")
    return ConfigurationError("\(what) \(path) cannot be used: \(problem); fix the path or choose another (\(setting))")
  }
}
