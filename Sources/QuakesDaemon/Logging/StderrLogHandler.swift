public import Foundation
public import Logging

/// Log lines on standard error, readable both ways the daemon runs:
///
/// - under systemd (`JOURNAL_STREAM` names the device and inode of stderr),
///   each line starts with a `<N>` syslog priority that journald turns into
///   the entry's priority, and carries no timestamp (journald adds one);
/// - on a terminal or in a file, each line starts with an ISO 8601 time and
///   the level.
public struct StderrLogHandler: LogHandler {
  /// Whether lines carry journald priority prefixes.
  public let journald: Bool
  /// The level, shared with the other handlers made with the same setting,
  /// so that a reload changes it for every logger at once.
  private var level: ReloadableSetting<Logger.Level>
  public var metadata: Logger.Metadata = [:]
  private let label: String

  /// Creates a handler for `label` that logs from the level `level` holds
  /// now; `journald` defaults to what `JOURNAL_STREAM` says.
  public init(
    label: String, level: ReloadableSetting<Logger.Level> = ReloadableSetting(.info),
    journald: Bool = StderrLogHandler.stderrIsJournal()
  ) {
    self.label = label
    self.level = level
    self.journald = journald
  }

  /// The least severe level logged. Setting it gives this handler a level
  /// of its own, which the shared setting no longer changes.
  public var logLevel: Logger.Level {
    get { self.level.value }
    set { self.level = ReloadableSetting(newValue) }
  }

  public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { self.metadata[key] }
    set { self.metadata[key] = newValue }
  }

  public func log(event: LogEvent) {
    var fields = self.metadata
    if let extra = event.metadata { fields.merge(extra) { $1 } }
    let suffix =
      fields.isEmpty
      ? "" : " " + fields.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
    let line: String
    if self.journald {
      line = "<\(Self.priority(event.level))>\(event.message)\(suffix)\n"
    } else {
      line = "\(Timestamp.iso8601Now()) \(event.level) \(self.label): \(event.message)\(suffix)\n"
    }
    FileHandle.standardError.write(Data(line.utf8))
  }

  /// The syslog priority of a level (journald's `<N>` prefix).
  static func priority(_ level: Logger.Level) -> Int {
    switch level {
    case .trace, .debug: 7
    case .info: 6
    case .notice: 5
    case .warning: 4
    case .error: 3
    case .critical: 2
    }
  }

  /// Whether stderr is the journal: `JOURNAL_STREAM` is `DEVICE:INODE` of it.
  public static func stderrIsJournal(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
    guard let stream = environment["JOURNAL_STREAM"] else { return false }
    var status = stat()
    guard fstat(STDERR_FILENO, &status) == 0 else { return false }
    return stream == "\(status.st_dev):\(status.st_ino)"
  }
}

private enum Timestamp {
  static func iso8601Now() -> String {
    Date().formatted(.iso8601.year().month().day().time(includingFractionalSeconds: true).timeSeparator(.colon))
  }
}
