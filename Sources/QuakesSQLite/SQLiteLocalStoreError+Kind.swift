extension SQLiteLocalStoreError {
  /// The cause of a ``SQLiteLocalStoreError``.
  public enum Kind: Hashable, Sendable {
    /// The file is not an SQLite database (or is a directory, a device, …).
    case notADatabase
    /// The file is an SQLite database, but damaged or missing quakesd's tables.
    case corrupt
    /// The file is another application's SQLite database; quakesd does not write into it.
    case foreignDatabase
    /// The file was written by a newer quakesd; it was left untouched.
    case newerSchema(found: Int, supported: Int)
    /// The directory that should hold the database does not exist, or a part of its path is a file.
    case noDirectory
    /// The file or its directory cannot be written (permissions, a read-only mount).
    case readOnly
    /// SQLite could not open the file for another reason, given in the detail.
    case cannotOpen
    /// The file was removed, moved or replaced while quakesd had it open: a
    /// write would go to a file no one can find again, so none was made.
    case removed
    /// The file system is full (`SQLITE_FULL`); the write was rolled back.
    case diskFull
    /// Another process held the write lock past the busy timeout (`SQLITE_BUSY`).
    case locked
    /// The operating system reported an I/O error (`SQLITE_IOERR`).
    case ioError
    /// Any other SQLite error, by its extended result code.
    case sqlite(code: Int32)
  }
}
