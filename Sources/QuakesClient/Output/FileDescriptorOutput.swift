public import FoundationEssentials
import Glibc

/// Writing bytes to a file descriptor whole: a pipe or a full disk takes a
/// long answer in pieces, and a signal can interrupt a write. What quakectl
/// writes its output and backups with (it links no `FileHandle`).
public enum FileDescriptorOutput {
  /// Writes all of `bytes` to `descriptor`, as many `write` calls as it
  /// takes; the `errno` of the call that failed, or `nil`.
  @discardableResult
  public static func write(_ bytes: Data, to descriptor: Int32) -> Int32? {
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count, let start = buffer.baseAddress {
        let written = Glibc.write(descriptor, start + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return errno
        }
        offset += written
      }
      return nil
    }
  }
}
