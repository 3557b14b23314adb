import Foundation

/// Where a PostgreSQL store is and as whom quakesd connects to it: the
/// `store` key's `postgresql://` URL, with what it leaves out taken from
/// libpq's usual environment variables (`PGHOST`, `PGPORT`, `PGUSER`,
/// `PGDATABASE`, `PGSSLMODE`), as `psql` would.
///
/// The password never comes from the URL: a URL is in the unit file, in
/// `ps` and in the log. It comes from `PGPASSWORD`, or from a password
/// file (`PGPASSFILE`, else `~/.pgpass`; ``PasswordFile``), or there is
/// none (peer or trust authentication).
public struct PostgresLocation: Sendable, Equatable, CustomStringConvertible {
  /// How the connection is encrypted (`sslmode`), as libpq reads it.
  public enum TLSMode: String, Sendable, CaseIterable {
    /// Never TLS.
    case disable
    /// TLS when the server offers it, its certificate not checked.
    case prefer
    /// TLS, or no connection; the certificate not checked.
    case require
    /// TLS with the certificate checked against the system's authorities
    /// and the host's name.
    case verifyFull = "verify-full"
  }

  /// The server's host name or address, or the directory of its Unix socket
  /// (a path, starting with `/`).
  public var host: String
  public var port: Int
  public var user: String
  public var database: String
  public var tlsMode: TLSMode

  /// Whether ``host`` is a socket directory.
  public var isUnixSocket: Bool { self.host.hasPrefix("/") }

  /// The socket's path when ``host`` is a socket directory: libpq's name for it.
  public var unixSocketPath: String { "\(self.host)/.s.PGSQL.\(self.port)" }

  /// The location as a URL without a password, for the log and `status`.
  public var description: String {
    let host = self.isUnixSocket ? "" : (self.host.contains(":") ? "[\(self.host)]" : self.host)
    var text = "postgresql://\(Self.encoded(self.user))@\(host):\(self.port)/\(Self.encoded(self.database))"
    if self.isUnixSocket { text += "?host=\(self.host)" }
    return text
  }

  /// Where the default socket directory is: Debian's.
  public static let defaultSocketDirectory = "/var/run/postgresql"

  /// Reads `url` (`postgresql://` or `postgres://`), filling in what it
  /// leaves out from `environment`, then from libpq's defaults (Debian's
  /// socket directory, port 5432, the user running quakesd, a database
  /// named as the user).
  ///
  /// - Throws: ``PostgresLocationError`` for a URL that is not PostgreSQL's,
  ///   holds a password, names an unknown parameter, or a port or `sslmode`
  ///   out of range.
  public init(url: String, environment: [String: String], userName: String) throws(PostgresLocationError) {
    guard let components = URLComponents(string: url), let scheme = components.scheme,
      scheme == "postgresql" || scheme == "postgres"
    else {
      throw PostgresLocationError(
        "the store URL is not a PostgreSQL URL (it does not start with postgresql://): "
          + "write postgresql://USER@HOST:PORT/DATABASE")
    }
    if components.password != nil {
      throw PostgresLocationError(
        "the store URL holds a password, which would show in the unit file, in ps and in the log: "
          + "remove it, and put the password in a password file (PGPASSFILE, ~/.pgpass) or in PGPASSWORD")
    }
    var parameters: [String: String] = [:]
    for item in components.queryItems ?? [] {
      guard ["host", "port", "user", "dbname", "sslmode"].contains(item.name) else {
        throw PostgresLocationError(
          "the store URL's parameter \(item.name) is not one quakesd reads (host, port, user, dbname, sslmode)")
      }
      parameters[item.name] = item.value ?? ""
    }
    let path = components.percentEncodedPath.removingPercentEncoding ?? components.path
    func nonEmpty(_ value: String?) -> String? { value.flatMap { $0.isEmpty ? nil : $0 } }
    self.host =
      nonEmpty(parameters["host"]) ?? nonEmpty(components.host?.removingPercentEncoding)
      ?? nonEmpty(environment["PGHOST"]) ?? Self.defaultSocketDirectory
    self.user = nonEmpty(parameters["user"]) ?? nonEmpty(components.user) ?? nonEmpty(environment["PGUSER"]) ?? userName
    self.database =
      nonEmpty(parameters["dbname"]) ?? nonEmpty(String(path.drop { $0 == "/" })) ?? nonEmpty(environment["PGDATABASE"])
      ?? self.user
    let portText = nonEmpty(parameters["port"]) ?? components.port.map(String.init) ?? nonEmpty(environment["PGPORT"])
    if let portText {
      guard let port = Int(portText), (1...65_535).contains(port) else {
        throw PostgresLocationError("the store's port \(portText) is not a port: write a number from 1 to 65535")
      }
      self.port = port
    } else {
      self.port = 5432
    }
    let modeText = nonEmpty(parameters["sslmode"]) ?? nonEmpty(environment["PGSSLMODE"]) ?? "prefer"
    guard let mode = TLSMode(rawValue: modeText) else {
      throw PostgresLocationError(
        "sslmode=\(modeText) is not one quakesd knows: write disable, prefer, require or verify-full")
    }
    self.tlsMode = mode
  }

  /// The password to send: `PGPASSWORD`, else the first line of the
  /// password file that matches this location; `nil` when there is none.
  ///
  /// - Throws: ``PostgresLocationError`` when the password file cannot be
  ///   read, or others than its owner may read it.
  public func password(environment: [String: String], home: String?) throws(PostgresLocationError) -> String? {
    if let password = environment["PGPASSWORD"], !password.isEmpty { return password }
    let path = environment["PGPASSFILE"] ?? home.map { "\($0)/.pgpass" }
    guard let path else { return nil }
    return try PasswordFile(path: path, required: environment["PGPASSFILE"] != nil)?.password(for: self)
  }

  private static func encoded(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: .urlUserAllowed.subtracting(CharacterSet(charactersIn: "@:/")))
      ?? text
  }

}
