#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Which file a path names: its device and inode. The store keeps the one
/// it opened, and before each write checks that the path still names it —
/// an open file that was unlinked or replaced takes writes that no one can
/// ever read back.
struct FileIdentity: Hashable, Sendable {
  private let device: UInt64
  private let inode: UInt64

  /// The file at `path` now; `nil` when there is none.
  init?(path: String) {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    self.device = UInt64(status.st_dev)
    self.inode = UInt64(status.st_ino)
  }

  /// Why `path` no longer names this file, or `nil` when it still does.
  func change(at path: String) -> String? {
    guard let now = FileIdentity(path: path) else { return "no file at that path now" }
    return now == self ? nil : "another file is at that path now"
  }
}
