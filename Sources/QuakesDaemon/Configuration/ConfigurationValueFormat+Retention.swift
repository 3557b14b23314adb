import Foundation
import QuakesData

extension ConfigurationValueFormat where Value == [RetentionRule] {
  /// The retention rules: a list of maps, each `keep:` (`forever` or a
  /// duration such as `90d`) and any filter (``ConfiguredFilter``). In a
  /// variable, the same list as one line of YAML:
  /// `[{min-magnitude: 4.5, keep: forever}, {keep: 90d}]`.
  static var retentionRules: Self {
    Self(
      takesEntries: false,
      allowedValues:
        "a list of rules, each with keep: forever or a time such as 90d, and filters of quakes.list in kebab-case "
        + "(min-magnitude: 4.5, min-alert: yellow, near: {latitude: 47.6, longitude: -122.3, radius-km: 300}, …); "
        + "the first rule whose filters match a quake decides, and a quake no rule matches is kept",
      example: "[{min-magnitude: 4.5, keep: forever}, {keep: 90d}]",
      isStructured: true,
      parse: { text, source throws(ConfigurationError) in
        guard case .single(let yaml) = text else { throw source.badValue("a list of entries", problem: "is not YAML") }
        return try Self.rules(yaml, source)
      },
      format: { rules in "[" + rules.map(\.source).joined(separator: ", ") + "]" })
  }

  private static func rules(_ yaml: String, _ source: ConfigurationValueSource) throws(ConfigurationError)
    -> [RetentionRule]
  {
    guard let loaded = try StructuredYAML.load(yaml, source) else { return [] }
    guard let items = loaded as? [Any] else {
      throw source.badValue(
        StructuredYAML.oneLine(yaml), problem: "is not a list of rules (each line starts with \"- \")")
    }
    var rules: [RetentionRule] = []
    for (index, item) in items.enumerated() {
      let name = "rule \(index + 1)"
      guard var fields = item as? [String: Any] else {
        throw source.badValue("\(item)", problem: "(\(name)) is not a map of keep: and filters")
      }
      let written = StructuredYAML.flow(fields)
      guard let keep = fields.removeValue(forKey: "keep") else {
        throw source.badValue(written, problem: "(\(name)) says nothing of keep: forever, or a time such as 90d")
      }
      let keepSeconds: Double?
      let keepText = "\(keep)"
      if keepText == "forever" {
        keepSeconds = nil
      } else if keepText.contains(where: \.isLetter), let duration = DurationText.parse(keepText), duration > .zero {
        keepSeconds = duration.seconds
      } else {
        throw source.badValue(
          written,
          problem: "(\(name)) keeps for \"\(keep)\", which is neither forever nor a time with its unit (90d, 12h)")
      }
      if let near = fields["near"] as? [String: Any], near["radius-km"] == nil {
        throw source.badValue(
          written,
          problem: "(\(name)) has near without radius-km, which would match every quake (near only measures)")
      }
      do {
        rules.append(
          RetentionRule(filter: try ConfiguredFilter.filter(from: fields), keepSeconds: keepSeconds, source: written))
      } catch {
        throw source.badValue(written, problem: "(\(name)): \(error.message)")
      }
    }
    return rules
  }
}
