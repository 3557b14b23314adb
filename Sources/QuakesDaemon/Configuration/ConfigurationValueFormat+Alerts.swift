import Foundation
import QuakesData

extension ConfigurationValueFormat where Value == [ConfiguredAlertRule] {
  /// The alert rules: a map from each rule's name to its filters (those of
  /// `quakes.list`, in kebab-case), `on:`, and its channels (`exec:`,
  /// `webhook:`). In a variable, the same map as one line of YAML:
  /// `{big: {min-magnitude: 6, webhook: "https://hooks.example.org/q"}}`.
  static var alertRules: Self {
    Self(
      takesEntries: false,
      allowedValues:
        "a map from rule names to rules: filters of quakes.list in kebab-case (min-magnitude: 4.5, "
        + "near: {latitude: 47.6, longitude: -122.3, radius-km: 300}, …), on: [new, upgraded, deleted], "
        + "magnitude-step: 0.3, max-age: 1h, and channels exec: /absolute/program or [program, args…] "
        + "or {command: …, timeout: 30s}, webhook: URL or {url: …, secret-file: …, headers: {…}, timeout: 10s}, "
        + "limit: {count: 5, per: 1h}, quiet: {from: \"22:00\", to: \"07:00\", unless: {filters}, time-zone: …} "
        + "(docs/alerts.md)",
      example: "{big-ones: {min-magnitude: 6, webhook: \"https://hooks.example.org/quakes\"}}",
      isStructured: true,
      parse: { text, source throws(ConfigurationError) in
        guard case .single(let yaml) = text else { throw source.badValue("a list of entries", problem: "is not YAML") }
        guard let loaded = try StructuredYAML.load(yaml, source) else { return [] }
        guard let map = loaded as? [String: Any] else {
          throw source.badValue(
            StructuredYAML.oneLine(yaml), problem: "is not a map from rule names to rules (name: {…})")
        }
        var rules: [ConfiguredAlertRule] = []
        for (name, fields) in map.sorted(by: { $0.key < $1.key }) {
          do throws(AlertRuleParser.Refusal) {
            rules.append(try AlertRuleParser.rule(named: name, fields))
          } catch {
            // The reason, short: not the rule written back nor every field
            // allowed, which made one line of a thousand characters.
            let place = source.origin(at: [name] + (error.field.map { [$0] } ?? [])).place
            throw ConfigurationError("\(place): alert rule \"\(name)\" \(error.message)")
          }
        }
        return rules
      },
      format: { rules in "{" + rules.map { "\($0.name): \($0.source)" }.joined(separator: ", ") + "}" })
  }
}

extension ConfigurationValueFormat where Value == Int {
  /// A whole number from 1 to 100: how many attempts a delivery gets.
  static var attempts: Self {
    .scalar(
      allowedValues: "a whole number from 1 to 100", example: "10",
      read: { Int($0).flatMap { (1...100).contains($0) ? $0 : nil } }, format: { "\($0)" })
  }
}
