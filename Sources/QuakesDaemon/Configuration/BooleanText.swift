/// Yes-or-no settings as people write them: `true`/`false`, `yes`/`no`,
/// `on`/`off`, `1`/`0`, in any case.
public enum BooleanText {
  /// What ``parse(_:)`` accepts, for error messages.
  public static let allowedValues = "true or false (also yes/no, on/off, 1/0)"

  /// Parses `text`; `nil` when it is none of the accepted words.
  public static func parse(_ text: String) -> Bool? {
    switch text.trimmingCharacters(in: .whitespaces).lowercased() {
    case "true", "yes", "on", "1": true
    case "false", "no", "off", "0": false
    default: nil
    }
  }
}
