import QuakesSQLite

extension SQLiteLocalStoreError {
  /// The error as a refusal to start (exit status 78), when waiting cannot
  /// mend it: a file that is not SQLite, is damaged, is another
  /// application's or a newer quakesd's, or a directory or file quakesd
  /// cannot write. `nil` for what may pass (a lock another process holds, a
  /// full disk, an I/O error, a file removed under a running quakesd), which
  /// exits 1 so that systemd tries again.
  var startRefusal: ConfigurationError? {
    switch self.kind {
    case .notADatabase, .corrupt, .foreignDatabase, .newerSchema, .noDirectory, .readOnly, .cannotOpen:
      ConfigurationError(self.errorDescription ?? "cannot open the quakes database \(self.path)")
    case .removed, .diskFull, .locked, .ioError, .sqlite:
      nil
    }
  }
}
