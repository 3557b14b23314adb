import Foundation
import QuakesPostgres
import QuakesTestSupport
import Testing

/// The `store` key's URL and libpq's variables: what is read from where,
/// and that a password is never taken from the URL nor repeated in an error.
@Suite struct PostgresLocationTests {
  static func location(_ url: String, _ environment: [String: String] = [:]) throws -> PostgresLocation {
    try PostgresLocation(url: url, environment: environment, userName: "quakesd")
  }

  @Test("the URL's host, port, user and database; TLS preferred")
  func fromTheURL() throws {
    let location = try Self.location("postgresql://alice@db.example:6543/quakes")
    #expect(location.host == "db.example" && location.port == 6543)
    #expect(location.user == "alice" && location.database == "quakes" && location.tlsMode == .prefer)
    #expect(!location.isUnixSocket)
    #expect(location.description == "postgresql://alice@db.example:6543/quakes")
  }

  @Test("what the URL leaves out comes from PG* variables, then libpq's defaults")
  func fromTheEnvironment() throws {
    let environment = [
      "PGHOST": "10.0.0.7", "PGPORT": "5433", "PGUSER": "bob", "PGDATABASE": "cat", "PGSSLMODE": "require",
    ]
    let filled = try Self.location("postgresql://", environment)
    #expect(filled.host == "10.0.0.7" && filled.port == 5433 && filled.user == "bob" && filled.database == "cat")
    #expect(filled.tlsMode == .require)
    let defaults = try Self.location("postgres://")
    #expect(defaults.host == PostgresLocation.defaultSocketDirectory && defaults.port == 5432)
    #expect(defaults.user == "quakesd" && defaults.database == "quakesd" && defaults.isUnixSocket)
    #expect(defaults.unixSocketPath == "/var/run/postgresql/.s.PGSQL.5432")
    #expect(defaults.description == "postgresql://quakesd@:5432/quakesd?host=/var/run/postgresql")
  }

  @Test("the URL's parameters win over its parts, which win over the variables")
  func parameters() throws {
    let location = try Self.location(
      "postgresql://alice@ignored:1/ignored?host=/run/pg&port=5434&user=carol&dbname=quakes&sslmode=disable",
      ["PGHOST": "other", "PGUSER": "bob"])
    #expect(location.host == "/run/pg" && location.port == 5434 && location.user == "carol")
    #expect(location.database == "quakes" && location.tlsMode == .disable)
    #expect(location.unixSocketPath == "/run/pg/.s.PGSQL.5434")
  }

  @Test(arguments: [
    ("postgresql://alice:s3cret@db/quakes", "holds a password"),
    ("mysql://db/quakes", "the store URL is not a PostgreSQL URL"),
    (
      "postgresql://db/quakes?sslmode=maybe",
      "sslmode=maybe is not one quakesd knows: write disable, prefer, require or verify-full"
    ),
    ("postgresql://db/quakes?port=70000", "port 70000 is not a port"),
    ("postgresql://db/quakes?options=-c", "parameter options is not one quakesd reads"),
  ])
  func refused(url: String, reason: String) throws {
    let error = try #require(throws: PostgresLocationError.self) { try Self.location(url) }
    #expect(error.description.contains(reason), "\(error)")
    #expect(!error.description.contains("s3cret"))
  }

  @Test(
    "an error about a URL repeats no part of it",
    arguments: ["pg://alice:s3cret@db/x", "postgresql://alice:p@s3cret@db/x", "postgresql://alice:s3cret/db"])
  func redacted(url: String) throws {
    let error = try #require(throws: PostgresLocationError.self) { try Self.location(url) }
    #expect(!error.description.contains("s3cret") && !error.description.contains("alice"), "\(error)")
  }

  @Test("sslmode verify-full checks the certificate; the others, as libpq, do not")
  func verifyFull() throws {
    #expect(try Self.location("postgresql://db/x?sslmode=verify-full").tlsMode == .verifyFull)
    #expect(try Self.location("postgresql://db/x", ["PGSSLMODE": "require"]).tlsMode == .require)
  }

  @Test("PGPASSWORD, else the first matching line of the password file; a socket is localhost")
  func passwords() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = directory.file("pgpass")
    try """
    # host:port:database:user:password
    db.example:5432:quakes:alice:first
    db.example:5432:quakes:alice:second
    *:*:*:bob:b\\:ob\\\\pw:ignored
    localhost:5432:*:carol:socket
    """.write(toFile: file, atomically: true, encoding: .utf8)
    chmod(file, 0o600)
    let environment = ["PGPASSFILE": file]
    let alice = try Self.location("postgresql://alice@db.example/quakes")
    #expect(try alice.password(environment: environment, home: nil) == "first")
    #expect(try alice.password(environment: environment.merging(["PGPASSWORD": "env"]) { $1 }, home: nil) == "env")
    let bob = try Self.location("postgresql://bob@elsewhere:1/any")
    #expect(try bob.password(environment: environment, home: nil) == "b:ob\\pw")
    let carol = try Self.location("postgresql://carol@/quakes")
    #expect(try carol.password(environment: environment, home: nil) == "socket")
    let nobody = try Self.location("postgresql://dave@db.example/quakes")
    #expect(try nobody.password(environment: environment, home: nil) == nil)
    // ~/.pgpass is read when PGPASSFILE is not set, and may be missing.
    #expect(try nobody.password(environment: [:], home: directory.path + "/nowhere") == nil)
  }

  @Test("a password file others may read is refused, as libpq ignores it; a missing PGPASSFILE is an error")
  func passwordFileChecks() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = directory.file("pgpass")
    try "*:*:*:*:pw\n".write(toFile: file, atomically: true, encoding: .utf8)
    chmod(file, 0o644)
    let location = try Self.location("postgresql://alice@db/quakes")
    let loose = try #require(throws: PostgresLocationError.self) {
      try location.password(environment: ["PGPASSFILE": file], home: nil)
    }
    #expect(loose.description.contains("chmod 600 \(file)"), "\(loose)")
    let missing = try #require(throws: PostgresLocationError.self) {
      try location.password(environment: ["PGPASSFILE": directory.file("none")], home: nil)
    }
    #expect(missing.description.contains("No such file or directory"), "\(missing)")
  }
}
