import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finds out, from the file system, why SQLite could not open or write a
/// database file, when SQLite only says "unable to open database file" or
/// "attempt to write a readonly database".
///
/// It looks at the path and its directory the way SQLite needs them: the
/// directory must exist and take new files (SQLite creates the database and
/// its `-wal` and `-shm` files there), and the file must be writable.
enum FileDiagnosis {
  /// The cause found, or `nil` when the file system shows nothing wrong.
  static func diagnose(path: String) -> (kind: SQLiteLocalStoreError.Kind, detail: String)? {
    let manager = FileManager.default
    if let problem = self.nonRegularFileProblem(path) {
      return (.notADatabase, problem)
    }
    let directory = self.directory(of: path)
    if let problem = self.missingDirectory(directory) {
      return (.noDirectory, problem)
    }
    if let failure = self.probeCreate(in: directory) {
      switch failure {
      case EACCES, EPERM, EROFS:
        return (.readOnly, "the directory \(directory) does not take new files (\(self.describe(failure)))")
      case ENOSPC, EDQUOT:
        return (.diskFull, self.describe(failure))
      default:
        return (.cannotOpen, "cannot create files in \(directory) (\(self.describe(failure)))")
      }
    }
    if manager.fileExists(atPath: path), let failure = self.probeOpenForWriting(path) {
      return (.readOnly, "the file is not writable (\(self.describe(failure)))")
    }
    return nil
  }

  /// Why the entry at `path` cannot be a database file ("it is a
  /// directory"); `nil` when it is a regular file (or a link to one) or
  /// when there is none.
  static func nonRegularFileProblem(_ path: String) -> String? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    switch info.st_mode & S_IFMT {
    case S_IFREG: return nil
    case S_IFDIR: return "it is a directory"
    default: return "it is not a regular file"
    }
  }

  /// The directory that holds `path`.
  static func directory(of path: String) -> String {
    let directory = (path as NSString).deletingLastPathComponent
    return directory.isEmpty ? "." : directory
  }

  /// Why `directory` is not a directory: it does not exist, or one of its
  /// ancestors is a file. `nil` when it is a directory.
  private static func missingDirectory(_ directory: String) -> String? {
    let manager = FileManager.default
    var isDirectory: ObjCBool = false
    if manager.fileExists(atPath: directory, isDirectory: &isDirectory) {
      return isDirectory.boolValue ? nil : "\(directory) is a file, not a directory"
    }
    var ancestor = directory
    while true {
      let parent = (ancestor as NSString).deletingLastPathComponent
      guard !parent.isEmpty, parent != ancestor else { break }
      ancestor = parent
      if manager.fileExists(atPath: ancestor, isDirectory: &isDirectory) {
        if !isDirectory.boolValue {
          return "\(ancestor) is a file, not a directory"
        }
        break
      }
    }
    return "the directory \(directory) does not exist"
  }

  /// Creates and removes a file in `directory`; the `errno` if that failed.
  private static func probeCreate(in directory: String) -> Int32? {
    let probe = directory + "/.quakesd-probe-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    let descriptor = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return errno }
    close(descriptor)
    unlink(probe)
    return nil
  }

  /// Opens `path` for writing and closes it; the `errno` if that failed.
  private static func probeOpenForWriting(_ path: String) -> Int32? {
    let descriptor = open(path, O_WRONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return errno }
    close(descriptor)
    return nil
  }

  private static func describe(_ code: Int32) -> String {
    String(cString: strerror(code))
  }
}
