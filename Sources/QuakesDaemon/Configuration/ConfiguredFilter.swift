import Foundation
import QuakesModel
import QuakesProtocol

/// A filter written in the configuration (a retention rule's, an alert
/// rule's): the filter params of `quakes.list` (docs/protocol.md) with
/// their names in kebab-case, e.g. `min-magnitude: 4.5`, `min-alert: yellow`,
/// `near: {latitude: 47.6, longitude: -122.3, radius-km: 300}`,
/// `bbox: {min-latitude: …, max-latitude: …, min-longitude: …, max-longitude: …}`.
///
/// The values go through the same checks as on the socket, so a filter
/// means in the file exactly what it means to `quakectl list`.
enum ConfiguredFilter {
  /// The names a filter takes, in kebab-case (``QuakesFilterField``'s table).
  static let names: [String] = QuakesFilterField.allCases.map(\.declaration.configuration)

  /// The filter `fields` (a YAML map, loaded) say.
  ///
  /// - Throws: a message naming the field and what it takes.
  static func filter(from fields: [String: Any]) throws(Refusal) -> QuakesQuery.Filter {
    for name in fields.keys where !Self.names.contains(name) {
      throw Refusal("\"\(name)\" is not a filter; filters: \(Self.names.joined(separator: ", "))")
    }
    let params: FilterParams
    do {
      let json = try JSONSerialization.data(withJSONObject: Self.camelCased(fields))
      params = try JSONDecoder().decode(FilterParams.self, from: json)
    } catch let DecodingError.typeMismatch(type, context), let DecodingError.valueNotFound(type, context) {
      throw Refusal("\(Self.path(context.codingPath)) must be \(Self.describe(type))")
    } catch let DecodingError.keyNotFound(key, context) {
      throw Refusal("\(Self.path(context.codingPath + [key])) is missing")
    } catch {
      throw Refusal("\(error)")
    }
    do {
      return try params.filter()
    } catch {
      throw Refusal(Self.kebabCased(error.message))
    }
  }

  /// A filter that cannot be used, and why.
  struct Refusal: Error {
    let message: String

    init(_ message: String) {
      self.message = message
    }
  }

  /// `value` with every map's keys in camelCase, and values JSON cannot
  /// hold (a YAML date) as text.
  private static func camelCased(_ value: Any) -> Any {
    switch value {
    case let map as [String: Any]:
      return Dictionary(map.map { (Self.camel($0.key), Self.camelCased($0.value)) }) { first, _ in first }
    case let list as [Any]: return list.map(Self.camelCased)
    case let date as Date: return date.formatted(.iso8601)
    case is String, is Int, is Double, is Bool, is NSNull: return value
    default: return "\(value)"
    }
  }

  private static func camel(_ name: String) -> String {
    let words = name.split(separator: "-")
    return words.enumerated().map { $0.offset == 0 ? String($0.element) : $0.element.capitalized }.joined()
  }

  private static func kebab(_ name: String) -> String {
    QuakesFilterField.kebabCase(name)
  }

  /// A message of the socket's checks with its camelCase names in kebab-case.
  private static func kebabCased(_ message: String) -> String {
    var message = message
    for declaration in QuakesFilterField.allCases.map(\.declaration) {
      message = message.replacingOccurrences(of: "\"\(declaration.wire)", with: "\"\(declaration.configuration)")
    }
    return message.replacingOccurrences(of: "minRadiusKm", with: "min-radius-km")
      .replacingOccurrences(of: "radiusKm", with: "radius-km")
  }

  private static func path(_ keys: [any CodingKey]) -> String {
    keys.map { $0.intValue.map { "item \($0 + 1)" } ?? Self.kebab($0.stringValue) }.joined(separator: ".")
  }

  private static func describe(_ type: Any.Type) -> String {
    switch type {
    case is Double.Type: "a number"
    case is Int.Type: "a whole number"
    case is Bool.Type: "true or false"
    case is String.Type: "a text"
    default: "a \(type)"
    }
  }
}
