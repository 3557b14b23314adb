import GRDB

extension SQLiteLocalStore {
  /// `PRAGMA cache_size` of a connection that answers queries and of the
  /// writer, as SQLite reports them (negative: KiB; positive: pages).
  ///
  /// - Throws: ``SQLiteLocalStoreError`` when the database cannot be read.
  package func cacheSizes() async throws -> (reading: Int, writing: Int) {
    do {
      let reading = try await self.writer.read { db in try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? 0 }
      let writing = try await self.writer.write { db in try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? 0 }
      return (reading, writing)
    } catch {
      throw self.translating(error, .read)
    }
  }
}
