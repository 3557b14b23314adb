import Foundation
import Logging
import QuakesUSGS

/// The settings one source makes (the file, the environment or the flags):
/// each one optional, with where it was made.
///
/// Values are checked as they are set, so an error names the source, the
/// key and the value; ``overlaid(by:)`` stacks sources by precedence.
struct ConfigurationSettings: Sendable {
  var stateDirectory: URL?
  var runtimeDirectory: URL?
  var feeds: [FeedSchedule]?
  var feedBaseURL: String?
  var upstreamDeletions: Bool?
  var logLevel: Logger.Level?
  var connectTimeout: Duration?
  var requestTimeout: Duration?
  var maxFeedSize: Int?
  var idleTimeout: Duration?
  /// Where each set value came from.
  private(set) var origins: [ConfigurationKey: ConfigurationOrigin] = [:]

  /// Sets `key` from `text`.
  ///
  /// - Parameter workingDirectory: what relative paths are relative to;
  ///   `nil` where only absolute paths make sense (the configuration file).
  mutating func set(
    _ key: ConfigurationKey, text: String, origin: ConfigurationOrigin, workingDirectory: String?
  ) throws(ConfigurationError) {
    switch key {
    case .stateDirectory:
      self.stateDirectory = try Self.directory(text, of: key, at: origin, workingDirectory: workingDirectory)
    case .runtimeDirectory:
      self.runtimeDirectory = try Self.directory(text, of: key, at: origin, workingDirectory: workingDirectory)
    case .feeds:
      let entries = text.split(whereSeparator: { $0 == "," || $0.isWhitespace }).map(String.init)
      try self.setFeeds(entries, origin: origin)
      return
    case .feedBaseURL:
      do {
        self.feedBaseURL = try USGSFeedCatalogue(baseURL: text).baseURL
      } catch {
        throw .badValue(text, of: key, at: origin, problem: "is not a feed base URL (\(error.reason))")
      }
    case .upstreamDeletions:
      self.upstreamDeletions = try Self.parsed(text, of: key, at: origin, with: BooleanText.parse)
    case .logLevel:
      self.logLevel = try Self.parsed(text, of: key, at: origin, with: LogLevelText.parse)
    case .connectTimeout:
      self.connectTimeout = try Self.parsed(text, of: key, at: origin, with: DurationText.parse)
    case .requestTimeout:
      self.requestTimeout = try Self.parsed(text, of: key, at: origin, with: DurationText.parse)
    case .idleTimeout:
      self.idleTimeout = try Self.parsed(text, of: key, at: origin, with: DurationText.parse)
    case .maxFeedSize:
      self.maxFeedSize = try Self.parsed(text, of: key, at: origin, with: ByteSizeText.parse)
    }
    self.origins[key] = origin
  }

  /// Sets the feeds from entries `NAME` or `NAME=INTERVAL`; none, a
  /// duplicate or a bad entry is an error.
  mutating func setFeeds(_ entries: [String], origin: ConfigurationOrigin) throws(ConfigurationError) {
    var schedules: [FeedSchedule] = []
    for entry in entries {
      let schedule: FeedSchedule
      do {
        schedule = try FeedSchedule(parsing: entry)
      } catch {
        throw ConfigurationError("\(origin.place): feeds \"\(entry)\": \(error.message)")
      }
      guard !schedules.contains(where: { $0.feed == schedule.feed }) else {
        throw ConfigurationError("\(origin.place): feeds: \(schedule.feed.name) is named twice; name each feed once")
      }
      schedules.append(schedule)
    }
    guard !schedules.isEmpty else {
      throw ConfigurationError("\(origin.place): feeds is empty; name at least one feed, e.g. all_day=5m; allowed: \(ConfigurationKey.feeds.allowedValues)")
    }
    self.feeds = schedules
    self.origins[.feeds] = origin
  }

  /// Turns upstream deletions off, as `--no-upstream-deletions` does.
  mutating func disableUpstreamDeletions(origin: ConfigurationOrigin) {
    self.upstreamDeletions = false
    self.origins[.upstreamDeletions] = origin
  }

  /// These settings with every value `other` sets replaced by `other`'s.
  func overlaid(by other: ConfigurationSettings) -> ConfigurationSettings {
    var result = self
    result.stateDirectory = other.stateDirectory ?? self.stateDirectory
    result.runtimeDirectory = other.runtimeDirectory ?? self.runtimeDirectory
    result.feeds = other.feeds ?? self.feeds
    result.feedBaseURL = other.feedBaseURL ?? self.feedBaseURL
    result.upstreamDeletions = other.upstreamDeletions ?? self.upstreamDeletions
    result.logLevel = other.logLevel ?? self.logLevel
    result.connectTimeout = other.connectTimeout ?? self.connectTimeout
    result.requestTimeout = other.requestTimeout ?? self.requestTimeout
    result.maxFeedSize = other.maxFeedSize ?? self.maxFeedSize
    result.idleTimeout = other.idleTimeout ?? self.idleTimeout
    result.origins.merge(other.origins) { _, new in new }
    return result
  }

  private static func parsed<Value>(
    _ text: String, of key: ConfigurationKey, at origin: ConfigurationOrigin, with parse: (String) -> Value?
  ) throws(ConfigurationError) -> Value {
    guard let value = parse(text) else { throw .badValue(text, of: key, at: origin) }
    return value
  }

  private static func directory(
    _ text: String, of key: ConfigurationKey, at origin: ConfigurationOrigin, workingDirectory: String?
  ) throws(ConfigurationError) -> URL {
    guard !text.isEmpty, !text.contains("\0") else { throw .badValue(text, of: key, at: origin, problem: "is empty") }
    if text.hasPrefix("/") { return URL(fileURLWithPath: text).standardizedFileURL }
    guard let workingDirectory else {
      throw .badValue(text, of: key, at: origin, problem: "is a relative path, which would depend on where quakesd starts")
    }
    return URL(fileURLWithPath: workingDirectory).appendingPathComponent(text).standardizedFileURL
  }
}
