/// What the scanner was inside when the body ended: the "inside …" of a
/// truncation message.
enum ScanContext: Sendable, CustomStringConvertible {
  /// A JSON object.
  case object
  /// A JSON array.
  case array
  /// The top-level `features` array.
  case features
  /// A string (a key or a value).
  case string
  /// A number.
  case number
  /// `true`, `false` or `null`.
  case literal

  var description: String {
    switch self {
    case .object: "an object"
    case .array: "an array"
    case .features: "the \"features\" array"
    case .string: "a string"
    case .number: "a number"
    case .literal: "a literal (true, false or null)"
    }
  }
}
