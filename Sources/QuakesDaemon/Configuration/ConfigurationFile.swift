import Foundation
import Yams

/// The configuration file: YAML, a map of keys (``ConfigurationKey``) to
/// values, e.g. `log-level: debug`; a key whose value is a list of entries
/// (`feeds`) also takes a map of names to values or a list.
///
/// Parsing is pure: text in, settings or an error naming the file, the line,
/// the key, the value and what is allowed.
enum ConfigurationFile {
  /// Sets in `builder` what `text` says; an empty file (or only comments) says nothing.
  static func read(_ text: String, path: String, into builder: inout ConfigurationBuilder) throws(ConfigurationError) {
    let root: Node?
    do {
      root = try Yams.compose(yaml: text)
    } catch {
      throw Self.syntaxError(error, path: path)
    }
    guard let root, !Self.isNull(root) else { return }
    guard case .mapping(let mapping) = root else {
      throw ConfigurationError(
        "\(Self.origin(path, root).place): the file must be a map of keys to values, one \"key: value\" per line; keys: \(Self.keyList)"
      )
    }
    for (keyNode, valueNode) in mapping {
      let name = keyNode.string ?? ""
      guard let key = ConfigurationKey(rawValue: name) else {
        throw Self.unknownKey(name, at: Self.origin(path, keyNode))
      }
      let origin = Self.origin(path, keyNode)
      let text: ConfigurationText
      var lines: [[String]: Int] = [:]
      if key.declaration.isStructured {
        text = try Self.structure(valueNode, of: key, origin: origin)
        lines = Self.lines(of: valueNode)
      } else if key.declaration.takesEntries {
        text = try Self.entries(valueNode, of: key, origin: origin)
      } else {
        text = try Self.scalar(valueNode, of: key, origin: origin)
      }
      try builder.set(key, text, origin: origin, workingDirectory: nil, lines: lines)
    }
  }

  /// Every key, for messages.
  static let keyList = ConfigurationKey.allCases.map(\.name).joined(separator: ", ")

  /// The single value of a key that takes one: a scalar that is not null.
  private static func scalar(_ node: Node, of key: ConfigurationKey, origin: ConfigurationOrigin)
    throws(ConfigurationError) -> ConfigurationText
  {
    guard case .scalar(let scalar) = node else {
      throw ConfigurationError.badValue(Self.text(of: node), of: key, at: origin, problem: "is not a single value")
    }
    guard !Self.isNull(node) else {
      throw ConfigurationError.badValue(
        "", of: key, at: origin, problem: "has no value (delete the line for the default)")
    }
    return .single(scalar.string)
  }

  /// The YAML text of a structured value, as written (its format reads it).
  private static func structure(_ node: Node, of key: ConfigurationKey, origin: ConfigurationOrigin)
    throws(ConfigurationError) -> ConfigurationText
  {
    if Self.isNull(node) { return .single("") }
    do {
      return .single(try Yams.serialize(node: node))
    } catch {
      throw ConfigurationError.badValue(Self.text(of: node), of: key, at: origin, problem: "cannot be read (\(error))")
    }
  }

  /// The entries `NAME` or `NAME=VALUE` of a key that takes a list: from a
  /// map (`all_day: 5m`; no value means `NAME` alone), a list (`- all_day`,
  /// `- all_day=5m`, `- all_day: 5m`) or a single line (`all_day=5m, all_week`).
  private static func entries(_ node: Node, of key: ConfigurationKey, origin: ConfigurationOrigin)
    throws(ConfigurationError) -> ConfigurationText
  {
    switch node {
    case .mapping(let mapping):
      return .entries(
        try mapping.map { name, value throws(ConfigurationError) in try Self.entry(name, value, of: key, origin: origin)
        })
    case .sequence(let sequence):
      var entries: [String] = []
      for item in sequence {
        if case .mapping(let mapping) = item {
          for (name, value) in mapping { entries.append(try Self.entry(name, value, of: key, origin: origin)) }
        } else if case .scalar(let scalar) = item {
          entries.append(scalar.string)
        } else {
          throw ConfigurationError.badValue(Self.text(of: item), of: key, at: origin, problem: "is not a feed")
        }
      }
      return .entries(entries)
    case .scalar(let scalar) where !Self.isNull(node):
      return .single(scalar.string)
    default:
      return .entries([])
    }
  }

  private static func entry(_ name: Node, _ value: Node, of key: ConfigurationKey, origin: ConfigurationOrigin)
    throws(ConfigurationError) -> String
  {
    let name = name.string ?? Self.text(of: name)
    if Self.isNull(value) { return name }
    guard case .scalar(let interval) = value else {
      throw ConfigurationError.badValue(
        Self.text(of: value), of: key, at: origin, problem: "is not an interval of \(name)")
    }
    return "\(name)=\(interval.string)"
  }

  /// The line of each key in the maps of `node`, by its path of keys
  /// (`["near-home"]`, `["near-home", "exec"]`), two levels deep: a rule
  /// and its fields, for messages about one rule.
  private static func lines(of node: Node, under path: [String] = []) -> [[String]: Int] {
    guard path.count < 2, case .mapping(let mapping) = node else { return [:] }
    var lines: [[String]: Int] = [:]
    for (key, value) in mapping {
      guard let name = key.string else { continue }
      lines[path + [name]] = key.mark?.line
      lines.merge(Self.lines(of: value, under: path + [name])) { first, _ in first }
    }
    return lines
  }

  private static func isNull(_ node: Node) -> Bool {
    guard case .scalar(let scalar) = node else { return false }
    return node.tag.rawValue == Tag.Name.null.rawValue || (scalar.style == .plain && scalar.string.isEmpty)
  }

  private static func text(of node: Node) -> String {
    switch node {
    case .scalar(let scalar): scalar.string
    case .mapping: "a map"
    case .sequence: "a list"
    case .alias: "an alias"
    }
  }

  private static func origin(_ path: String, _ node: Node) -> ConfigurationOrigin {
    .file(path: path, line: node.mark?.line)
  }

  private static func unknownKey(_ name: String, at origin: ConfigurationOrigin) -> ConfigurationError {
    let names = ConfigurationKey.allCases.map(\.name)
    let hint = KeySuggestion.nearest(to: name, among: names).map { " (did you mean \"\($0)\"?)" } ?? ""
    return ConfigurationError("\(origin.place): unknown key \"\(name)\"\(hint); allowed keys: \(Self.keyList)")
  }

  private static func syntaxError(_ error: any Error, path: String) -> ConfigurationError {
    guard let error = error as? YamlError else {
      return ConfigurationError("\(path): not valid YAML: \(error)")
    }
    let place: String
    let problem: String
    switch error {
    case .scanner(_, let text, let mark, _), .parser(_, let text, let mark, _), .composer(_, let text, let mark, _):
      (place, problem) = ("\(path), line \(mark.line), column \(mark.column)", text)
    case .duplicatedKeysInMapping(let duplicates, let context):
      (place, problem) = ("\(path), line \(context.mark.line)", "\(duplicates.joined(separator: ", ")) is set twice")
    default:
      (place, problem) = (path, String(describing: error).trimmingCharacters(in: .whitespacesAndNewlines))
    }
    return ConfigurationError(
      "\(place): not valid YAML: \(problem); write one \"key: value\" per line, e.g. \"log-level: info\"")
  }
}
