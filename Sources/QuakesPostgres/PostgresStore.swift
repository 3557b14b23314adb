public import Logging
import PostgresNIO

/// A connection pool to one PostgreSQL store, its schema migrated: what
/// ``LeaderLease`` and ``FencedTransaction`` work on.
///
/// Every connection has `idle_in_transaction_session_timeout` set to the
/// lease's time to live, so that a quakesd stopped in the middle of a
/// write (SIGSTOP, a hung VM) does not hold the lease's row, and with it
/// the next leader's takeover, for longer than its lease would have lasted.
public final class PostgresStore: Sendable {
  public let location: PostgresLocation
  let client: PostgresClient
  let logger: Logger
  /// How long a read may take before it is given up (``read(lasting:_:)``).
  let readTimeout: Duration
  private let running: Task<Void, Never>

  /// Connects to `location` with `password`, if any, and migrates the
  /// schema; a transaction left idle for `idleTransactionTimeout` is ended
  /// by the server, and a read that takes longer than `readTimeout` is
  /// given up.
  ///
  /// - Throws: ``PostgresStoreError`` when the store cannot be reached or
  ///   its schema is newer than this quakesd's.
  public init(
    location: PostgresLocation, password: String?, idleTransactionTimeout: Duration = .seconds(15),
    readTimeout: Duration = .seconds(20), logger: Logger
  ) async throws {
    var configuration =
      location.isUnixSocket
      ? PostgresClient.Configuration(
        unixSocketPath: location.unixSocketPath, username: location.user, password: password,
        database: location.database)
      : PostgresClient.Configuration(
        host: location.host, port: location.port, username: location.user, password: password,
        database: location.database, tls: Self.tls(location.tlsMode))
    configuration.options.additionalStartupParameters = [
      ("idle_in_transaction_session_timeout", String(idleTransactionTimeout.milliseconds)),
      ("application_name", "quakesd"),
    ]
    configuration.options.connectTimeout = .seconds(10)
    // The pool retries a connection that fails without telling the caller
    // why (a wrong password would wait for ever): one connection first,
    // whose failure says why, and which migrates the schema.
    do {
      let probe = try await PostgresConnection.connect(
        configuration: try Self.probeConfiguration(location, password: password), id: 0, logger: logger)
      do {
        try await PostgresSchema.migrate(on: probe, logger: logger)
      } catch {
        try? await probe.close()
        throw error
      }
      try await probe.close()
    } catch {
      throw Self.translating(error, at: location)
    }
    let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
    self.location = location
    self.readTimeout = readTimeout
    self.client = client
    self.logger = logger
    // Detached: PostgresClient's run ends at a graceful shutdown it finds
    // in the task locals (swift-service-lifecycle's, which an ordinary task
    // inherits), and the pool must outlive the shutdown: a leader resigns
    // its lease after its work stopped. ``close()`` ends it.
    self.running = Task.detached { await client.run() }
  }

  /// The configuration of one connection to `location`, as the pool's.
  private static func probeConfiguration(_ location: PostgresLocation, password: String?) throws
    -> PostgresConnection.Configuration
  {
    guard !location.isUnixSocket else {
      return PostgresConnection.Configuration(
        unixSocketPath: location.unixSocketPath, username: location.user, password: password,
        database: location.database)
    }
    let tls: PostgresConnection.Configuration.TLS =
      switch location.tlsMode {
      case .disable: .disable
      case .prefer: .prefer(try NIOSSLContext(configuration: Self.tlsConfiguration(location.tlsMode)))
      case .require, .verifyFull:
        .require(try NIOSSLContext(configuration: Self.tlsConfiguration(location.tlsMode)))
      }
    var configuration = PostgresConnection.Configuration(
      host: location.host, port: location.port, username: location.user, password: password,
      database: location.database, tls: tls)
    configuration.options.connectTimeout = .seconds(10)
    return configuration
  }

  deinit {
    self.running.cancel()
  }

  /// Closes every connection. The store must not be used afterwards.
  public func close() async {
    self.running.cancel()
    await self.running.value
  }

  private static func tls(_ mode: PostgresLocation.TLSMode) -> PostgresClient.Configuration.TLS {
    switch mode {
    case .disable: .disable
    case .prefer: .prefer(Self.tlsConfiguration(mode))
    case .require, .verifyFull: .require(Self.tlsConfiguration(mode))
    }
  }

  /// As libpq: `prefer` and `require` encrypt without checking the
  /// server's certificate (Debian's clusters have a self-signed one);
  /// `verify-full` checks it and the host's name.
  private static func tlsConfiguration(_ mode: PostgresLocation.TLSMode) -> TLSConfiguration {
    var configuration = TLSConfiguration.makeClientConfiguration()
    if mode != .verifyFull { configuration.certificateVerification = .none }
    return configuration
  }

  /// `error` as a sentence naming the store, and the server's own message
  /// when it sent one. A transaction's error is what went wrong in it: a
  /// ``FencedOut``, or an error of the caller's own, stays what it is.
  static func translating(_ error: any Error, at location: PostgresLocation) -> any Error {
    let error = Self.unwrapped(error)
    if error is PostgresStoreError || error is FencedOut { return error }
    if let error = error as? PSQLError {
      let detail = error.serverInfo?[.message] ?? error.underlying.map { "\($0)" } ?? "\(error.code)"
      return PostgresStoreError("the PostgreSQL store \(location) failed: \(detail)")
    }
    if error is PostgresDecodingError {
      return PostgresStoreError("the PostgreSQL store \(location) holds a value quakesd cannot read: \(error)")
    }
    return error
  }

  /// What went wrong inside a transaction: the error of its body, or of
  /// its `BEGIN`, `COMMIT` or `ROLLBACK`; any other error as it is.
  static func unwrapped(_ error: any Error) -> any Error {
    guard let transaction = error as? PostgresTransactionError else { return error }
    return transaction.closureError ?? transaction.beginError ?? transaction.commitError ?? transaction.rollbackError
      ?? error
  }
}

extension PostgresStore {
  /// Runs `body` in one transaction on one connection: committed when it
  /// returns, rolled back when it throws (unless the connection is gone,
  /// which ends the transaction anyway). Statements go through a
  /// ``StoreConnection``.
  ///
  /// - Throws: what `body` throws; PostgresNIO's error when `BEGIN` or
  ///   `COMMIT` fails; ``CommitOutcomeUnknown`` when the connection went
  ///   while `COMMIT` was on its way.
  func transaction<Result: Sendable>(
    begin: String = "BEGIN", _ body: (StoreConnection) async throws -> Result
  ) async throws -> Result {
    try await self.client.withConnection { connection in
      try await Self.transaction(on: connection, logger: self.logger, begin: begin, body)
    }
  }

  /// ``transaction(begin:_:)`` on `connection`.
  static func transaction<Result: Sendable>(
    on connection: PostgresConnection, logger: Logger, begin: String = "BEGIN",
    isolation: isolated (any Actor)? = #isolation, _ body: (StoreConnection) async throws -> Result
  ) async throws -> Result {
    let transaction = StoreConnection(connection: connection, logger: logger)
    try await transaction.query(PostgresQuery(unsafeSQL: begin))
    let result: Result
    do {
      result = try await body(transaction)
    } catch {
      if !connection.isClosed { _ = try? await transaction.query("ROLLBACK") }
      throw error
    }
    do {
      try await transaction.query("COMMIT")
    } catch let error as PSQLError where error.serverInfo != nil {
      throw error  // the server refused it: rolled back
    } catch {
      throw CommitOutcomeUnknown(underlying: error)
    }
    return result
  }

  /// The head of the change sequence (``ChangeHead``).
  ///
  /// - Throws: ``PostgresStoreError`` when the store cannot be reached.
  public func changeHead() async throws -> ChangeHead {
    do {
      let rows = try await self.client.query(
        "SELECT sequence, epoch FROM quakesd_head WHERE id = 1", logger: self.logger)
      guard let row = try await rows.collect().first else {
        throw PostgresStoreError("the store has no change head row: its schema was changed by hand")
      }
      let (sequence, epoch) = try row.decode((Int64, Int64).self)
      return ChangeHead(sequence: sequence, epoch: epoch)
    } catch {
      throw Self.translating(error, at: self.location)
    }
  }
}

extension PostgresStore {
  /// Runs `body` in one read-only transaction that sees one snapshot of
  /// the store from its first statement to its last (`REPEATABLE READ`),
  /// so that a page and its count, or a launch's quakes and feeds, agree
  /// even while the leader writes.
  ///
  /// - Throws: ``PostgresStoreError`` when the store cannot be read; what
  ///   `body` throws.
  ///
  /// A read that has not ended within ``readTimeout`` (the server stuck,
  /// or cut off by a partition, where TCP would wait for many minutes)
  /// closes its connection, which fails it at once; `lasting` reads (a
  /// cursor's) take as long as their client wants.
  func read<Result: Sendable>(
    lasting: Bool = false, _ body: (StoreConnection) async throws -> Result
  ) async throws -> Result {
    let timeout = lasting ? nil : self.readTimeout
    do {
      return try await self.client.withConnection { connection in
        let deadline = Task { () -> Bool in
          guard let timeout else { return false }
          do { try await Task.sleep(for: timeout) } catch { return false }
          try? await connection.close()
          return true
        }
        let result: Result
        do {
          result = try await Self.transaction(
            on: connection, logger: self.logger, begin: "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", body)
        } catch {
          deadline.cancel()
          guard await deadline.value, let timeout else { throw error }
          throw PostgresStoreError(
            "the PostgreSQL store \(self.location) did not answer within \(timeout.components.seconds) s "
              + "(the server is stuck, or cannot be reached): try again once it answers")
        }
        // Ended before the connection goes back to the pool: a deadline
        // that fired just now must not close it under its next user (the
        // pool drops a closed one).
        deadline.cancel()
        _ = await deadline.value
        return result
      }
    } catch {
      throw Self.translating(error, at: self.location)
    }
  }

}
