import Foundation
import QuakesModel

extension ResolvedConfiguration {
  /// What `quakesd --check-config` prints: the effective configuration as a
  /// configuration file would say it, each line commented with where its
  /// value came from (default, file, environment, flag).
  public var report: String {
    var lines = [
      "# \(QuakesdProduct.name) \(QuakesdProduct.version): the configuration is valid.",
      "# Precedence: flags > environment > file > defaults.",
      "# configuration file: " + self.fileSummary,
    ]
    if self.configuration.once || self.configuration.ephemeral {
      let modes = [(self.configuration.once, "--once"), (self.configuration.ephemeral, "--ephemeral")]
      lines.append("# run mode: " + modes.filter(\.0).map(\.1).joined(separator: " "))
    }
    lines.append("# database: " + (self.configuration.ephemeral ? "in memory only" : self.configuration.databasePath))
    lines.append("# sockets: \(self.configuration.controlSocketPath), \(self.configuration.querySocketPath)")
    let settings = ConfigurationKey.allCases.map { key in
      ("\(key.name): \(Self.yamlScalar(self.value(of: key), key: key))", key)
    }
    let width = settings.map(\.0.count).max() ?? 0
    for (setting, key) in settings {
      lines.append(setting.padding(toLength: width, withPad: " ", startingAt: 0) + "  # \(self.origin(of: key))")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private var fileSummary: String {
    guard let file = self.file else { return "none (\(ConfigurationFileContents.defaultPath) does not exist)" }
    return file.chosenBy == .defaultValue ? file.path : "\(file.path) (\(file.chosenBy))"
  }

  /// `text` as a YAML scalar: plain when that reads back the same, else double-quoted.
  private static func yamlScalar(_ text: String, key: ConfigurationKey) -> String {
    if key.declaration.takesEntries || key.declaration.isStructured { return text }
    let plain = text.unicodeScalars.allSatisfy {
      $0.properties.isAlphabetic || "0123456789/._:@%+-".unicodeScalars.contains($0)
    }
    if plain, let first = text.first, first.isLetter || first.isNumber || first == "/" {
      return text
    }
    var quoted = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": quoted += "\\\""
      case "\\": quoted += "\\\\"
      case _ where scalar.value < 0x20: quoted += String(format: "\\x%02X", scalar.value)
      default: quoted.unicodeScalars.append(scalar)
      }
    }
    return quoted + "\""
  }
}
