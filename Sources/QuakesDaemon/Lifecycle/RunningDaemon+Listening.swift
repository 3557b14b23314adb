import Foundation
import QuakesFDSN
import QuakesProtocol
import QuakesServer

extension RunningDaemon {
  /// What the daemon listens on: the two sockets, and the HTTP addresses configured.
  struct Listening {
    let sockets: [SocketServer]
    let metrics: MetricsHTTPServer?
    let fdsn: FDSNHTTPServer?
  }

  /// Binds the HTTP addresses first (their failure then leaves no socket
  /// file behind), then `control.sock` and `query.sock`.
  ///
  /// - Throws: ``ConfigurationError`` naming the address or socket that
  ///   cannot be served.
  func listen(_ parts: Parts) async throws -> Listening {
    var metrics: MetricsHTTPServer?
    if let address = self.configuration.metricsListen {
      metrics = try await MetricsHTTPServer.listen(on: address)
    }
    var fdsn: FDSNHTTPServer?
    if let address = self.configuration.httpListen {
      let service = FDSNEventService(
        catalogue: parts.catalogue, limitCeiling: self.configuration.httpMaxEvents, slots: parts.fdsnSlots,
        // A shared store changes under this instance's count of changes
        // (another writes, this one follows later): no texts are kept there.
        texts: FDSNEventTexts(budget: self.configuration.store == nil ? self.configuration.httpEventCacheBytes : 0))
      do {
        fdsn = try await FDSNHTTPServer.listen(
          host: address.host, port: address.port, service: service,
          rateLimit: self.configuration.httpRateLimit.map(ClientRateLimiter.init(rate:)))
      } catch {
        throw ConfigurationError(
          "cannot serve the FDSN event service on \(address) (\(error)); choose another address or port (http-listen, --http-listen, QUAKESD_HTTP_LISTEN)"
        )
      }
    }
    self.raiseOpenFiles(
      forHTTP: (metrics == nil ? 0 : MetricsHTTPServer.maximumConnections)
        + (fdsn == nil ? 0 : FDSNHTTPServer.limits.maximumConnections))
    let sockets = try await self.openSockets()
    if let metrics {
      self.logger.info("serving metrics on http://\(metrics.address)/metrics")
    }
    if let fdsn {
      self.logger.info("serving the FDSN event service on http://\(fdsn.address)\(FDSNEventService.root)")
    }
    return Listening(sockets: sockets, metrics: metrics, fdsn: fdsn)
  }

  /// Raises the open-file limit as far as it goes, and says so when the
  /// sockets' clients, `http` connections of the HTTP faces and 64 files
  /// of the daemon's own (the database, its readers, feeds) do not fit.
  private func raiseOpenFiles(forHTTP http: Int) {
    let clients = ServerLimits().maximumConnections + http
    let openFiles = OpenFileLimit.raise()
    if openFiles < clients + 64 {
      self.logger.notice(
        "at most \(openFiles) open files: fewer clients than \(clients) (\(ServerLimits().maximumConnections) on the sockets, \(http) over HTTP) fit at once"
      )
    }
  }

  /// Serves `control.sock` and `query.sock`: the sockets systemd passed
  /// (socket activation), else new socket files in the runtime directory.
  ///
  /// - Throws: ``ConfigurationError`` when a socket cannot be served.
  private func openSockets() async throws -> [SocketServer] {
    let inherited: [SocketRole: CInt]
    do {
      inherited = try SocketActivation.inheritedSockets()
    } catch {
      throw ConfigurationError(error.description)
    }
    if inherited.count < SocketRole.allCases.count {
      try DirectoryCreation.create(self.configuration.runtimeDirectory, for: .runtimeDirectory, permissions: 0o755)
    }
    var servers: [SocketServer] = []
    var sockets: [String] = []
    do {
      for role in SocketRole.allCases {
        if let descriptor = inherited[role] {
          servers.append(try await SocketServer.adopt(role, descriptor: descriptor))
          sockets.append("\(role.fileName) (passed by systemd)")
        } else {
          let path = self.configuration.runtimeDirectory.appendingPathComponent(role.fileName).path
          servers.append(try await SocketServer.listen(role, at: path, logger: self.logger))
          sockets.append(path)
        }
      }
    } catch let error as SocketListenError {
      throw ConfigurationError(error.description)
    }
    self.logger.info("listening on \(sockets.joined(separator: " and "))")
    return servers
  }
}
