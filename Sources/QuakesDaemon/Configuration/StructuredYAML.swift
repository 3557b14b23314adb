import Foundation
import Yams

/// The YAML of a structured configuration value (`retention`, `alerts`):
/// loading it with an error that names the source, and writing a value
/// back as one line of flow YAML, as `--check-config` prints it and a
/// variable may give it.
enum StructuredYAML {
  /// `yaml` loaded; `nil` when it is empty.
  static func load(_ yaml: String, _ source: ConfigurationValueSource) throws(ConfigurationError) -> Any? {
    do {
      return try Yams.load(yaml: yaml)
    } catch {
      throw source.badValue(Self.oneLine(yaml), problem: "is not valid YAML (\(error))")
    }
  }

  /// `value` as one line of flow YAML, keys sorted.
  static func flow(_ value: Any) -> String {
    switch value {
    case let map as [String: Any]:
      "{" + map.sorted { $0.key < $1.key }.map { "\($0.key): \(Self.flow($0.value))" }.joined(separator: ", ") + "}"
    case let list as [Any]: "[" + list.map(Self.flow).joined(separator: ", ") + "]"
    case let date as Date: date.formatted(.iso8601)
    case let text as String:
      Self.readsBackAsText(text)
        ? text
        : "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    default: "\(value)"
    }
  }

  /// Whether YAML reads `text`, unquoted in a flow map, back as the same
  /// text (`90d`, `yellow`; not `123`, `true` or `a, b`).
  static func readsBackAsText(_ text: String) -> Bool {
    guard !text.isEmpty, text.allSatisfy({ $0.isLetter || $0.isNumber || "-._".contains($0) }) else { return false }
    return (try? Yams.load(yaml: text)) as? String == text
  }

  static func oneLine(_ text: String) -> String {
    text.split(whereSeparator: \.isNewline).joined(separator: " ")
  }
}
