import Foundation
import QuakesProtocol

/// The socket files the daemon creates itself (when systemd did not pass
/// them): a stale file left by a crash is replaced; a live one means another
/// quakesd serves it, and this one refuses to start.
enum SocketFile {
  /// Makes `path` free for a new socket.
  ///
  /// - Throws: ``SocketListenError`` when another process listens on it, or
  ///   it is not a socket.
  static func prepare(_ path: String) throws(SocketListenError) {
    var status = stat()
    guard lstat(path, &status) == 0 else { return }
    guard status.st_mode & S_IFMT == S_IFSOCK else {
      throw SocketListenError("\(path) exists and is not a socket; move it away or choose another --runtime-dir")
    }
    if Self.isLive(path) {
      throw SocketListenError(
        "another quakesd is already serving \(path); stop it first (systemctl stop quakesd, or quakectl status to find it), "
          + "or run this one with another --runtime-dir")
    }
    guard unlink(path) == 0 || errno == ENOENT else {
      throw SocketListenError("cannot remove the stale socket \(path): \(String(cString: strerror(errno)))")
    }
  }

  /// Gives the socket at `path` its mode and, for the control socket, the
  /// group `quakes` when that group exists (a normal user cannot chgrp to a
  /// group it is not in: then the file keeps the user's group).
  static func setPermissions(_ path: String, mode: UInt16, group: String?) -> String? {
    guard chmod(path, mode_t(mode)) == 0 else {
      return "cannot set the mode of \(path): \(String(cString: strerror(errno)))"
    }
    guard let group, let entry = getgrnam(group) else { return nil }
    guard chown(path, uid_t.max, entry.pointee.gr_gid) == 0 else {
      return "cannot give \(path) to the group \(group): \(String(cString: strerror(errno))); only its owner can use it"
    }
    return nil
  }

  /// Whether a process accepts connections on the socket at `path`.
  private static func isLive(_ path: String) -> Bool {
    guard let descriptor = try? UnixSocketAddress(path).connectedStreamSocket() else { return false }
    close(descriptor)
    return true
  }
}
