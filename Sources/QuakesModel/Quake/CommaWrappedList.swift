/// A list USGS writes as one comma-wrapped string (`ids`, `sources`,
/// `types`: `",us7000abcd,ak0234,"`).
///
/// The cache keeps the text as USGS sent it, which is what the database
/// stores and `--format geojson` writes back, and lists its elements for
/// the JSON outputs. Equal texts share their storage when the decoder
/// interned them (every quake of a feed has one of a few `types` texts).
public struct CommaWrappedList: Hashable, Sendable, CustomStringConvertible {
  /// The list as USGS writes it, e.g. `,us7000abcd,ak0234,`.
  public let text: String

  /// The list whose text is `text`, as USGS sent it.
  public init(text: String) {
    self.text = text
  }

  /// The list of `elements`, written `,a,b,` (an empty list is `""`).
  public init(_ elements: [String]) {
    self.text = elements.isEmpty ? "" : "," + elements.joined(separator: ",") + ","
  }

  /// The non-empty elements, in order.
  public var elements: [String] {
    self.text.split(separator: ",").map(String.init)
  }

  /// Whether `element` is one of the elements.
  public func contains(_ element: String) -> Bool {
    self.elements.contains(element)
  }

  public var description: String { self.text }
}

extension CommaWrappedList: Codable {
  /// A JSON array of strings.
  public init(from decoder: any Decoder) throws {
    self.init(try decoder.singleValueContainer().decode([String].self))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(self.elements)
  }
}
