import Foundation
import QuakesData
import QuakesServer

/// What the running daemon asks of its local store beyond the session's
/// writes, whichever database it is: the catalogue the sockets and the FDSN
/// service read, the alert outbox, the extent reconciliations cover, and
/// what only an SQLite file has (its page cache, its backup).
struct DaemonDatabase: Sendable {
  /// The database file; `nil` for a cache in memory or a shared store.
  let path: String?
  /// Answers the queries about the cached quakes.
  let catalogue: any QuakesCatalogue
  /// The alert outbox.
  let outbox: any AlertOutbox
  /// The first and last origin times cached, for reconciliations.
  let extent: @Sendable () async throws -> CatalogueExtent?
  /// The page cache of the reading connections; `nil` for none to report.
  let pageCacheBytes: Int?
  /// Streams `daemon.backup`'s copy.
  let backup: any BackupStreaming
  /// The role this instance has in a shared store; `nil` for a store of its own.
  let sharing: StoreSharing?
}
