import Foundation
import Logging
import QuakesPostgres

extension Daemon {
  /// Connects to the PostgreSQL store at `url` (the password from
  /// `PGPASSWORD` or a password file), migrates its schema, and makes this
  /// instance's part in it.
  ///
  /// - Throws: ``ConfigurationError`` for settings a shared store cannot
  ///   run with (`--once`, `--ephemeral`), a URL or password
  ///   file it cannot use, or a store that refuses or cannot be reached,
  ///   each saying what to change.
  func openSharedStore(_ url: String) async throws -> StoreSharing {
    if self.configuration.once {
      throw ConfigurationError(
        "--once polls and writes alone, and a shared store has one writer, its leader: leave out --once or the store")
    }
    if self.configuration.ephemeral {
      throw ConfigurationError("--ephemeral keeps the cache in memory, and a store holds it: leave out one of them")
    }
    let environment = ProcessInfo.processInfo.environment
    let userName = environment["USER"] ?? NSUserName()
    let location: PostgresLocation
    let password: String?
    do {
      location = try PostgresLocation(url: url, environment: environment, userName: userName)
      password = try location.password(environment: environment, home: environment["HOME"])
    } catch {
      throw ConfigurationError("store: \(error)")
    }
    self.logger.info("cache: the PostgreSQL store \(location)")
    // Not a configuration error: a store that is down now may be up at
    // the next start, which systemd makes.
    let store = try await PostgresStore(location: location, password: password, logger: self.logger)
    let candidate =
      self.configuration.candidate
      ? "\(ProcessInfo.processInfo.hostName):\(ProcessInfo.processInfo.processIdentifier)" : nil
    return StoreSharing(
      store: store, local: PostgresLocalStore(store: store), candidate: candidate, logger: self.logger)
  }
}
