import Foundation

/// A PostgreSQL password file, as libpq reads it (`~/.pgpass`, or
/// `PGPASSFILE`): lines of `host:port:database:user:password`, each of the
/// first four a value or `*` for any, `\:` and `\\` for a colon and a
/// backslash, `#` starting a comment. The first line that matches wins. A
/// Unix socket connection matches the host `localhost`.
///
/// As libpq does, a file that others than its owner may read or write is
/// not used; quakesd says so instead of ignoring it with a warning.
struct PasswordFile {
  /// The file's entries, each split into its five fields.
  let entries: [[String]]

  /// Reads the file at `path`; `nil` when there is no file there and it is
  /// not `required` (`PGPASSFILE` names it).
  ///
  /// - Throws: ``PostgresLocationError`` when the file cannot be read, or
  ///   its mode lets others read or write it.
  init?(path: String, required: Bool) throws(PostgresLocationError) {
    var status = stat()
    guard stat(path, &status) == 0 else {
      if !required, errno == ENOENT { return nil }
      throw PostgresLocationError("cannot read the password file \(path): \(String(cString: strerror(errno)))")
    }
    guard status.st_mode & 0o077 == 0 else {
      throw PostgresLocationError(
        "the password file \(path) may be read by others than its owner: chmod 600 \(path), as libpq also requires")
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw PostgresLocationError("cannot read the password file \(path)")
    }
    self.entries = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).compactMap { line in
      guard !line.hasPrefix("#") else { return nil }
      let fields = Self.fields(of: Substring(line))
      return fields.count == 5 ? fields : nil
    }
  }

  /// The password of the first entry that matches `location`, if any.
  func password(for location: PostgresLocation) -> String? {
    let host = location.isUnixSocket ? "localhost" : location.host
    let wanted = [host, String(location.port), location.database, location.user]
    return self.entries.first { entry in
      zip(entry, wanted).allSatisfy { field, value in field == "*" || field == value }
    }?[4]
  }

  /// The fields of `line`, split at colons that no backslash escapes.
  private static func fields(of line: Substring) -> [String] {
    var fields: [String] = []
    var field = ""
    var escaped = false
    for character in line {
      if escaped {
        field.append(character)
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else if character == ":" {
        // An unescaped colon after the password ends it, as in libpq.
        guard fields.count < 4 else { break }
        fields.append(field)
        field = ""
      } else {
        field.append(character)
      }
    }
    fields.append(field)
    return fields
  }
}
