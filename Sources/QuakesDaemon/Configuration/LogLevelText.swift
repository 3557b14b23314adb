public import Logging

/// Log levels as written in flags and configuration: swift-log's names.
public enum LogLevelText {
  /// What ``parse(_:)`` accepts, for error messages.
  public static let allowedValues = Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")

  /// Parses `text` (any case); `nil` when it is not a level.
  public static func parse(_ text: String) -> Logger.Level? {
    Logger.Level(rawValue: text.trimmingCharacters(in: .whitespaces).lowercased())
  }
}
