import Foundation
import QuakesTestSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A directory in which this process cannot create files.
///
/// A normal user gets one with `chmod 0555`. Tests here often run as root,
/// for whom permission bits do not stop a write, so root uses `/sys`: on
/// Linux, sysfs refuses new files even to root (EACCES), much as a read-only
/// mount would.
enum ReadOnlyDirectory {
  /// Whether the tests can have such a directory on this machine.
  static let isAvailable: Bool = geteuid() != 0 || !ReadOnlyDirectory.canCreateFile(in: "/sys")

  /// Makes or picks the directory; `scratch` is a directory of the test's own.
  static func make(in scratch: TemporaryDirectory) throws -> String {
    guard geteuid() == 0 else {
      let path = scratch.file("read-only")
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
      try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: path)
      return path
    }
    return "/sys"
  }

  private static func canCreateFile(in directory: String) -> Bool {
    let probe = directory + "/quakes-sqlite-tests-\(getpid())"
    let descriptor = open(probe, O_WRONLY | O_CREAT | O_EXCL, 0o600)
    guard descriptor >= 0 else { return false }
    close(descriptor)
    unlink(probe)
    return true
  }
}
