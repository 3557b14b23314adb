import FoundationEssentials
import Glibc
import QuakesProtocol

/// quakectl's connection to a daemon socket: a ``LineConnection`` whose
/// failures are told as ``ClientError``s, with what the user can do about them.
final class DaemonConnection {
  let path: String
  private let connection: LineConnection

  /// Connects to the socket at `path`.
  ///
  /// - Throws: ``ClientError/notRunning(path:tried:)`` when nothing listens
  ///   there, ``ClientError/permissionDenied(path:detail:)`` when this user
  ///   may not connect.
  init(path: String, tried: [String]) throws(ClientError) {
    self.path = path
    do throws(LineConnectionError) {
      self.connection = try LineConnection(path: path)
    } catch .socket(.pathTooLong) {
      throw .usage("the socket path is too long (over \(UnixSocketAddress.maximumPathLength) bytes): \(path)")
    } catch .socket(.cannotConnect(_, let code)) {
      switch code {
      case ENOENT, ECONNREFUSED, ENOTDIR:
        throw .notRunning(path: path, tried: tried)
      case EACCES, EPERM:
        throw .permissionDenied(
          path: path,
          detail:
            "this user may not connect. control.sock is for root and the group quakes: run `sudo usermod -aG quakes $USER` and log in again, or use sudo."
        )
      default:
        throw .connection("cannot connect to \(path): \(Self.message(code))")
      }
    } catch .socket(.cannotCreateSocket(let code)) {
      throw .connection("cannot create a socket: \(Self.message(code))")
    } catch {
      throw .connection("cannot connect to \(path): \(error)")
    }
  }

  /// Sends `data` whole.
  func send(_ data: Data) throws(ClientError) {
    do throws(LineConnectionError) {
      try self.connection.send(data)
    } catch .sendFailed(let code) {
      throw .connection(
        "quakesd closed the connection on \(self.path) while the request was sent: \(Self.message(code))")
    } catch {
      throw .connection("quakesd closed the connection on \(self.path) while the request was sent: \(error)")
    }
  }

  /// The next line, without its newline; waits until `deadline` (forever when `nil`).
  ///
  /// - Throws: ``ClientError/timeout(path:seconds:)`` (telling `timeout`), or
  ///   ``ClientError/connection(_:)`` when the daemon closed the connection.
  func readLine(deadline: ContinuousClock.Instant?, timeout: Duration?) throws(ClientError) -> Data {
    do throws(LineConnectionError) {
      return try self.connection.readLine(until: deadline)
    } catch .timedOut {
      throw .timeout(path: self.path, seconds: Self.seconds(timeout ?? .zero))
    } catch .closedByPeer {
      throw .connection(
        "quakesd closed the connection on \(self.path) before it answered; see `journalctl -u quakesd`.")
    } catch .receiveFailed(let code) {
      throw .connection("reading from \(self.path) failed: \(Self.message(code))")
    } catch .waitFailed(let code) {
      throw .connection("waiting for \(self.path) failed: \(Self.message(code))")
    } catch {
      throw .connection("reading from \(self.path) failed: \(error)")
    }
  }

  private static func message(_ code: Int32) -> String {
    String(cString: strerror(code))
  }

  private static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }
}
