import QuakesSQLite
import QuakesTestSupport

/// Runs `body` with a store on a new file in a temporary directory, closed
/// and removed afterwards, also when `body` throws.
func withTemporaryStore<Result>(_ body: (SQLiteLocalStore) async throws -> Result) async throws -> Result {
  let directory = try TemporaryDirectory()
  defer { directory.remove() }
  let store = try SQLiteLocalStore(path: directory.file())
  defer { try? store.close() }
  return try await body(store)
}
