import Foundation
import QuakesProtocol
import QuakesSQLite
import QuakesServer
import Synchronization

/// Makes the copy `daemon.backup` streams: a consistent copy of the
/// database in a scratch file beside it (or in the temporary directory for
/// an in-memory cache), opened and then removed at once, so that the bytes
/// go to the client from an open file that nothing else can see, and
/// nothing is left behind however the transfer ends.
///
/// The client writes the file, with its own permissions, wherever it may:
/// the daemon writes nowhere but its state directory (which is all that
/// systemd's sandbox lets it write), and no client can make it overwrite a
/// file of its own.
struct DatabaseBackup: BackupStreaming {
  /// The cache to copy.
  let localStore: SQLiteLocalStore
  /// Where the scratch copies go.
  let scratchDirectory: URL

  /// The prefix of scratch copies: one left by a daemon that died while
  /// copying is removed at the next start (``removeLeftovers(in:)``).
  static let scratchPrefix = "quakes.sqlite.backup-"

  /// The reply lines: the copy's bytes, then its size and quake count.
  ///
  /// - Throws: ``ProtocolError`` when the copy cannot be made.
  func replyLines(id: JSONScalar?) async throws(ProtocolError) -> AsyncThrowingStream<Data, any Error> {
    let scratch = self.scratchDirectory.appendingPathComponent(Self.scratchPrefix + UUID().uuidString).path
    defer { Self.remove(scratch) }
    let quakes: Int
    do {
      quakes = try await self.localStore.backup(to: scratch)
    } catch {
      let advice =
        error.isDiskFull
        ? "; a backup needs free space in \(self.scratchDirectory.path) as large as the database" : ""
      throw ProtocolError(.unavailable, "\(error)\(advice)")
    }
    guard let file = FileHandle(forReadingAtPath: scratch) else {
      throw ProtocolError(.internal, "the copy \(scratch) vanished before it could be sent")
    }
    return Self.lines(of: ScratchFile(handle: file), id: id, quakes: quakes)
  }

  /// Removes the scratch copies a daemon that died while copying left in `directory`.
  static func removeLeftovers(in directory: URL) {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    for name in names where name.hasPrefix(Self.scratchPrefix) {
      Self.remove(directory.appendingPathComponent(name).path)
    }
  }

  private static func remove(_ path: String) {
    for suffix in ["", "-journal"] { unlink(path + suffix) }
  }

  /// The lines, read from `file` one at a time as the client takes them.
  private static func lines(of file: ScratchFile, id: JSONScalar?, quakes: Int)
    -> AsyncThrowingStream<Data, any Error>
  {
    AsyncThrowingStream(unfolding: { try file.nextLine(id: id, quakes: quakes) })
  }
}

/// The open copy, read a line's worth at a time; closed when the reply that
/// reads it is done with it.
private final class ScratchFile: Sendable {
  private let handle: FileHandle
  /// The bytes sent so far; `nil` once the last line was.
  private let sent = Mutex<Int?>(0)

  init(handle: FileHandle) {
    self.handle = handle
  }

  deinit {
    try? self.handle.close()
  }

  /// The next line: the next bytes, else the closing line, else `nil`.
  func nextLine(id: JSONScalar?, quakes: Int) throws -> Data? {
    guard let sent = self.sent.withLock({ $0 }) else { return nil }
    let chunk = try self.handle.read(upToCount: BackupPart.bytesPerLine) ?? Data()
    guard chunk.isEmpty else {
      self.sent.withLock { $0 = sent + chunk.count }
      return try Reply.line(id: id, result: BackupPart(data: chunk.base64EncodedString()), continues: true)
    }
    self.sent.withLock { $0 = nil }
    return try Reply.line(id: id, result: BackupPart(bytes: sent, quakes: quakes))
  }
}
