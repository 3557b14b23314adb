import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A tmpfs of a few hundred KiB mounted on a test's directory: a real file
/// system that a test can fill to the last byte and free again, to see the
/// daemon meet a full disk.
///
/// Mounting needs root (or CAP_SYS_ADMIN); where it is refused, tests that
/// need one are skipped (``isAvailable``).
public final class SmallFileSystem {
  /// Where it is mounted.
  public let path: String
  private var filler: Int32 = -1

  /// Mounts a tmpfs of `kibibytes` on `path` (which must exist).
  public init(at path: String, kibibytes: Int) throws {
    self.path = path
    guard mount("tmpfs", path, "tmpfs", 0, "size=\(kibibytes)k,mode=0755") == 0 else {
      throw Failure(description: "cannot mount a tmpfs on \(path): \(String(cString: strerror(errno)))")
    }
  }

  deinit {
    self.unmount()
  }

  /// Whether this process may mount one (it tries once, in a scratch directory).
  public static let isAvailable: Bool = {
    guard let directory = try? TemporaryDirectory() else { return false }
    defer { directory.remove() }
    guard let probe = try? SmallFileSystem(at: directory.path, kibibytes: 64) else { return false }
    probe.unmount()
    return true
  }()

  /// Writes a file until the file system has no byte left.
  public func fill() throws {
    if self.filler < 0 {
      self.filler = open(self.path + "/filler", O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
      guard self.filler >= 0 else {
        throw Failure(description: "cannot create the filler: \(String(cString: strerror(errno)))")
      }
    }
    for chunk in [65_536, 4_096, 512, 1] {
      let bytes = [UInt8](repeating: 0x55, count: chunk)
      while write(self.filler, bytes, chunk) == chunk {}
    }
    guard errno == ENOSPC else {
      throw Failure(description: "filling stopped early: \(String(cString: strerror(errno)))")
    }
  }

  /// Removes what ``fill()`` wrote.
  public func free() {
    if self.filler >= 0 { close(self.filler) }
    self.filler = -1
    unlink(self.path + "/filler")
  }

  /// Unmounts it (lazily, so a process that still holds a file cannot stop it).
  public func unmount() {
    self.free()
    umount2(self.path, Int32(MNT_DETACH))
  }

  /// Why mounting or filling failed.
  public struct Failure: Error, CustomStringConvertible {
    /// What went wrong.
    public let description: String
  }
}
