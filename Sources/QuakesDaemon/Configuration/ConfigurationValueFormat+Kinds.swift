import Foundation
import Logging
import QuakesModel
import QuakesPostgres
import QuakesUSGS

extension ConfigurationValueFormat where Value == Duration {
  /// A duration such as `90s`, `5m` or `1h30m` (``DurationText``).
  static var duration: Self {
    .scalar(
      allowedValues: DurationText.allowedValues, example: "90s", read: DurationText.parse, format: DurationText.format)
  }
}

extension ConfigurationValueFormat where Value == Int {
  /// A size in bytes such as `65536`, `64MiB` or `10MB` (``ByteSizeText``).
  static var byteSize: Self {
    .scalar(
      allowedValues: ByteSizeText.allowedValues, example: "16MiB", read: ByteSizeText.parse, format: ByteSizeText.format
    )
  }
}

extension ConfigurationValueFormat where Value == Bool {
  /// Yes or no, as ``BooleanText`` reads it; printed `true` or `false`.
  static var boolean: Self {
    .scalar(allowedValues: BooleanText.allowedValues, example: "false", read: BooleanText.parse) {
      $0 ? "true" : "false"
    }
  }
}

extension ConfigurationValueFormat where Value == Logger.Level {
  /// A swift-log level, in any case (``LogLevelText``).
  static var logLevel: Self {
    .scalar(allowedValues: LogLevelText.allowedValues, example: "debug", read: LogLevelText.parse, format: \.rawValue)
  }
}

extension ConfigurationValueFormat where Value == URL {
  /// A directory: absolute in the file; in a variable or a flag, also
  /// relative to the working directory.
  static func directory(allowedValues: String) -> Self {
    .scalar(allowedValues: allowedValues, example: "/var/lib/quakesd", format: \.path) {
      text, source throws(ConfigurationError) in
      guard !text.isEmpty, !text.contains("\0") else { throw source.badValue(text, problem: "is empty") }
      if text.hasPrefix("/") { return URL(fileURLWithPath: text).standardizedFileURL }
      guard let workingDirectory = source.workingDirectory else {
        throw source.badValue(text, problem: "is a relative path, which would depend on where quakesd starts")
      }
      return URL(fileURLWithPath: workingDirectory).appendingPathComponent(text).standardizedFileURL
    }
  }
}

extension ConfigurationValueFormat where Value == String? {
  /// The base URL of the USGS summary feeds, as ``USGSFeedCatalogue`` takes
  /// it (a missing final `/` added); `nil`, USGS itself.
  static var feedBaseURL: Self {
    .baseURL(of: "feed", default: USGSFeedCatalogue.defaultBaseURL) { text throws(USGSFeedCatalogueError) in
      try USGSFeedCatalogue(baseURL: text).baseURL
    }
  }

  /// The base URL of the USGS FDSN event service, as ``FDSNService`` takes
  /// it; `nil`, USGS itself.
  static var fdsnBaseURL: Self {
    .baseURL(of: "FDSN event service", default: FDSNService.defaultBaseURL) { text throws(USGSFeedCatalogueError) in
      try FDSNService(baseURL: text).baseURL
    }
  }

  /// A PostgreSQL store's URL, as ``PostgresLocation`` takes it with this
  /// process's environment (`PG*` variables fill what it leaves out); `nil`,
  /// the SQLite file.
  static var storeURL: Self {
    .scalar(
      allowedValues:
        "none (the SQLite file), or a postgresql:// URL without a password, e.g. postgresql://quakesd@db.example.org/quakes",
      example: "postgresql://quakesd@localhost/quakes", format: { $0 ?? "none" }
    ) { text, source throws(ConfigurationError) in
      guard text != "none" else { return nil }
      do throws(PostgresLocationError) {
        _ = try PostgresLocation(url: text, environment: [:], userName: "quakesd")
        return text
      } catch {
        // The error never repeats the URL: it may hold a password.
        throw source.badValue("(not repeated)", problem: "is not a store URL quakesd takes (\(error))")
      }
    }
  }

  private static func baseURL(
    of service: String, default defaultURL: String,
    validate: @escaping (String) throws(USGSFeedCatalogueError) -> String
  ) -> Self {
    .scalar(
      allowedValues:
        "an http or https URL with a host, a port from 1 to 65535 if any, no query, no spaces and no control characters, "
        + "e.g. \(defaultURL)",
      example: defaultURL, format: { $0 ?? defaultURL }
    ) { text, source throws(ConfigurationError) in
      do throws(USGSFeedCatalogueError) {
        return try validate(text)
      } catch {
        throw source.badValue(text, problem: "is not a \(service) base URL (\(error.reason))")
      }
    }
  }
}

extension ConfigurationValueFormat where Value == String? {
  /// Where USGS can reach the operator: `none`, or an `http`, `https` or
  /// `mailto` URL without spaces or control characters (it goes into a
  /// header line).
  static var contact: Self {
    .scalar(
      allowedValues: "none, or an http, https or mailto URL without spaces, e.g. mailto:ops@example.org",
      example: "mailto:ops@example.org", format: { $0 ?? "none" }
    ) { text, source throws(ConfigurationError) in
      let value = text.trimmingCharacters(in: .whitespaces)
      if value.lowercased() == "none" { return nil }
      let scheme = value.split(separator: ":", maxSplits: 1).first.map { $0.lowercased() } ?? ""
      guard ["http", "https", "mailto"].contains(scheme), value.count > scheme.count + 1, value.count <= 256,
        value.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 && $0.value < 0x7F && $0 != "(" && $0 != ")" })
      else {
        throw source.badValue(text, problem: "is not an http, https or mailto URL of at most 256 characters")
      }
      return value
    }
  }
}

extension ConfigurationValueFormat where Value == Duration? {
  /// `off`, or a duration as ``DurationText`` reads it of at least `minimum`.
  static func optionalDuration(atLeast minimum: Duration) -> Self {
    .scalar(
      allowedValues: "off, or a duration of at least \(DurationText.format(minimum)) such as 1h or 30m", example: "1h",
      read: { text in
        let word = text.trimmingCharacters(in: .whitespaces).lowercased()
        if ["off", "no", "false", "never"].contains(word) { return .some(nil) }
        guard let duration = DurationText.parse(text), duration >= minimum else { return nil }
        return .some(duration)
      },
      format: { $0.map(DurationText.format) ?? "off" })
  }
}

extension ConfigurationValueFormat where Value == ListenAddress? {
  /// Where to serve HTTP: `off`, a port (on the loopback address), or an
  /// address and a port; `port` is the example's.
  static func listenAddress(port: Int) -> Self {
    .scalar(
      allowedValues:
        "off, a port (0 to 65535; on 127.0.0.1), or an address and a port: 127.0.0.1:\(port), [::1]:\(port), 0.0.0.0:\(port)",
      example: "127.0.0.1:\(port)", format: { $0?.description ?? "off" }
    ) { text, source throws(ConfigurationError) in
      if text.lowercased() == "off" { return nil }
      guard let address = ListenAddress(parsing: text) else { throw source.badValue(text) }
      return address
    }
  }
}

extension ConfigurationValueFormat where Value == [FeedSchedule] {
  /// Feeds with their intervals: entries `NAME` or `NAME=INTERVAL`, in one
  /// text separated by commas or spaces, or as a list; none, a duplicate or
  /// a bad entry is an error. Printed as a YAML map, `{all_day: 5m}`.
  static var feedSchedules: Self {
    Self(
      takesEntries: true,
      allowedValues:
        "feed names (\(QuakesFeed.allFeeds.map(\.name).joined(separator: ", "))), each with an optional interval of 60s or more",
      example: "all_day=5m",
      parse: { text, source throws(ConfigurationError) in
        switch text {
        case .single(let line):
          return try Self.schedules(
            line.split(whereSeparator: { $0 == "," || $0.isWhitespace }).map(String.init), source)
        case .entries(let entries): return try Self.schedules(entries, source)
        }
      },
      format: { "{" + $0.map { "\($0.feed.name): \(DurationText.format($0.interval))" }.joined(separator: ", ") + "}" })
  }

  private static func schedules(_ entries: [String], _ source: ConfigurationValueSource) throws(ConfigurationError)
    -> [FeedSchedule]
  {
    let (place, key) = (source.origin.place, source.key.name)
    var schedules: [FeedSchedule] = []
    for entry in entries {
      let schedule: FeedSchedule
      do {
        schedule = try FeedSchedule(parsing: entry)
      } catch {
        throw ConfigurationError("\(place): \(key) \"\(entry)\": \(error.message)")
      }
      guard !schedules.contains(where: { $0.feed == schedule.feed }) else {
        throw ConfigurationError("\(place): \(key): \(schedule.feed.name) is named twice; name each feed once")
      }
      schedules.append(schedule)
    }
    guard !schedules.isEmpty else {
      throw ConfigurationError(
        "\(place): \(key) is empty; name at least one feed, e.g. all_day=5m; allowed: \(source.key.allowedValues)")
    }
    return schedules
  }
}
