import Foundation

/// Writes `text` to a new executable file at `path` (mode 0755), through a
/// descriptor opened close-on-exec.
///
/// Tests run in parallel in one process, and some start children that do
/// not close what they inherit. A script written through a descriptor such
/// a child inherits stays open for writing as long as the child lives, and
/// running it then fails with `ETXTBSY` ("Text file busy"): a flaky test
/// that says nothing of the code it tests.
///
/// - Throws: `POSIXError` when the file cannot be created or written.
public func writeExecutableScript(_ text: String, to path: String) throws {
  let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
  guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
  defer { close(descriptor) }
  var bytes = Array(text.utf8)[...]
  while !bytes.isEmpty {
    let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    guard written > 0 else {
      if written < 0, errno == EINTR { continue }
      throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
    bytes = bytes.dropFirst(written)
  }
  // The mode asked for is masked by the umask; a script must be executable.
  guard fchmod(descriptor, 0o755) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
}
