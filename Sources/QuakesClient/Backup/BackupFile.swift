import FoundationEssentials
import Glibc
import QuakesModel
public import QuakesProtocol

/// Where `quakectl backup` writes the copy the daemon streams: a file,
/// written beside its final name under a name of its own
/// (`FILE.partial-XXXXXX`, created exclusively, so two backups to the same
/// file never write into one another and no planted link is followed), and
/// renamed into place only once every byte arrived and reached the disk (so
/// FILE is never half a database, and an older backup there stays until the
/// new one is whole); or standard output, for a pipe.
public final class BackupFile {
  /// The file named, or `-` for standard output.
  public let path: String
  private let partialPath: String?
  /// Standard output's or the partial file's descriptor, which this owns.
  private let descriptor: Int32
  private var isOpen = true
  /// The bytes written so far.
  public private(set) var written = 0
  /// How many quakes the copy holds, once the last line arrived.
  public private(set) var quakes: Int?

  /// Opens the place to write to: `-` is standard output, anything else a
  /// new file `PATH.partial-XXXXXX` beside it.
  ///
  /// - Throws: ``ClientError/usage(_:)`` when the file cannot be created.
  public init(path: String) throws(ClientError) {
    self.path = path
    guard path != "-" else {
      self.partialPath = nil
      self.descriptor = STDOUT_FILENO
      return
    }
    var template = Array((path + ".partial-XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { $0.baseAddress.map { mkstemp($0) } ?? -1 }
    guard descriptor >= 0 else {
      throw .usage(
        "cannot write beside \(path): \(String(cString: strerror(errno))); choose a file in a writable directory")
    }
    // mkstemp makes the file 0600; a backup is as readable as any new file.
    let mask = umask(0)
    umask(mask)
    fchmod(descriptor, 0o644 & ~mask)
    let partial = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    self.partialPath = partial
    self.descriptor = descriptor
    InterruptedBackupCleanup.arm(removing: partial)
  }

  /// Writes one line of the copy; the last one checks the size.
  ///
  /// - Throws: an error that says what went wrong (a full disk, a line
  ///   that is not base64, a size that does not add up).
  public func add(_ part: BackupPart) throws {
    if let data = part.data {
      guard let bytes = Data(base64Encoded: data) else {
        throw BackupFileError("a line of the backup is not base64; the copy is incomplete")
      }
      try self.write(bytes)
      self.written += bytes.count
    }
    if let bytes = part.bytes {
      guard bytes == self.written else {
        throw BackupFileError("the daemon sent \(Plural.count(self.written, "byte")) of a \(bytes)-byte copy")
      }
      self.quakes = part.quakes ?? 0
    }
  }

  /// Makes the copy durable and gives it its name.
  ///
  /// - Throws: ``BackupFileError`` when the copy did not arrive whole or
  ///   cannot be synced or renamed.
  public func finish() throws {
    guard self.quakes != nil else { throw BackupFileError("the backup ended before its last line") }
    guard let partial = self.partialPath else { return }
    let synced = fsync(self.descriptor) == 0
    let syncError = errno
    let closed = self.close() == 0
    guard synced, closed else {
      throw BackupFileError(
        "cannot write \(partial) to the disk: \(String(cString: strerror(synced ? errno : syncError)))")
    }
    guard rename(partial, self.path) == 0 else {
      throw BackupFileError("cannot rename \(partial) to \(self.path): \(String(cString: strerror(errno)))")
    }
    InterruptedBackupCleanup.disarm()
    let directory = open(self.path.deletingLastPathComponent.nonEmpty ?? ".", O_RDONLY | O_CLOEXEC)
    if directory >= 0 {
      fsync(directory)
      Glibc.close(directory)
    }
  }

  deinit {
    if self.partialPath != nil { _ = self.close() }
  }

  private func write(_ bytes: Data) throws(BackupFileError) {
    if let failure = FileDescriptorOutput.write(bytes, to: self.descriptor) {
      throw BackupFileError(
        "cannot write \(self.partialPath ?? "standard output"): \(String(cString: strerror(failure)))")
    }
  }

  /// Closes the partial file once; standard output stays open.
  private func close() -> Int32 {
    guard self.partialPath != nil, self.isOpen else { return 0 }
    self.isOpen = false
    return Glibc.close(self.descriptor)
  }

  /// Removes what was written of a copy that did not arrive whole.
  public func discard() {
    if let partial = self.partialPath {
      _ = self.close()
      unlink(partial)
    }
    InterruptedBackupCleanup.disarm()
  }
}

/// Why a backup could not be written whole; what was written is removed.
public struct BackupFileError: Error, CustomStringConvertible {
  public let description: String

  init(_ description: String) {
    self.description = description
  }
}

extension String {
  fileprivate var nonEmpty: String? { self.isEmpty ? nil : self }
}
