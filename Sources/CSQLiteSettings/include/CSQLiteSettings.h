// What quakesd sets in SQLite for the whole process, before SQLite starts:
// sqlite3_config(3) is variadic, which Swift cannot call.
#ifndef QUAKESD_CSQLITESETTINGS_H
#define QUAKESD_CSQLITESETTINGS_H

/// sqlite3_config(SQLITE_CONFIG_STMTJRNL_SPILL, bytes): a statement journal
/// (the copy of every page a statement changes, kept so that the statement
/// alone can be undone inside a longer transaction) stays in memory until
/// it holds `bytes`, then moves to a temporary file for the rest of the
/// transaction. Returns SQLite's result: SQLITE_OK, or SQLITE_MISUSE once
/// SQLite has started in this process (the setting is then what it was).
int quakesd_sqlite_statement_journal_spill(int bytes);

#endif
