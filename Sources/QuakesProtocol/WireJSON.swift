import FoundationEssentials

/// The JSON encoding of everything on the wire: sorted keys (equal values
/// are equal bytes), slashes unescaped (URLs stay readable).
enum WireJSON {
  static func encode(_ value: some Encodable) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(value)
  }
}
