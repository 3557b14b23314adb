import CSQLiteSettings

/// What quakesd sets in SQLite for the whole process, once, before the
/// first database opens.
///
/// Each row a batch writes fires `quakes`' count trigger, so SQLite keeps a
/// statement journal for every `INSERT` of the batch's transaction: a copy of
/// each page the statement changes (the table's, 17 indexes', the count's),
/// about 100 KiB. Past SQLite's default of 64 KiB a statement journal moves
/// to a temporary file, and stays a file, rewritten from its start by every
/// later statement, until the transaction ends: the week feed's 2,054 rows
/// made 44,696 `pwrite` calls (`strace -c`) and took 150–175 ms to write
/// instead of 95–100 ms. Up to ``statementJournalInMemory`` it now stays in
/// memory; a larger statement (a purge of the whole cache) still spills to a
/// file, so memory stays bounded.
enum SQLiteProcessSettings {
  /// How much of one statement's journal SQLite keeps in memory.
  static let statementJournalInMemory = 4 * 1024 * 1024

  /// Whether the settings took: `false` when SQLite had already started in
  /// this process (then the defaults apply, which cost time, not
  /// correctness).
  static let applied: Bool = quakesd_sqlite_statement_journal_spill(Int32(statementJournalInMemory)) == 0

  /// Applies the settings if no database has opened in the process yet.
  static func apply() {
    _ = Self.applied
  }
}
