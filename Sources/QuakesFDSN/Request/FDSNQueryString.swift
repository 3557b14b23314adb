/// The parameters of a URL's query: `name=value` pairs separated by `&`,
/// percent-decoded, `+` read as a space (as HTML forms and ObsPy send them).
enum FDSNQueryString {
  /// The pairs of `query` (the text after `?`), in order; empty pieces
  /// (`a=1&&b=2`) are skipped.
  ///
  /// - Throws: ``FDSNRequestError`` for a `%` not followed by two hex
  ///   digits, or bytes that are not UTF-8.
  static func parameters(of query: String) throws(FDSNRequestError) -> [(name: String, value: String)] {
    var pairs: [(name: String, value: String)] = []
    for piece in query.split(separator: "&", omittingEmptySubsequences: true) {
      let parts = piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = try Self.decoded(parts[0])
      let value = parts.count > 1 ? try Self.decoded(parts[1]) : ""
      pairs.append((name, value))
    }
    return pairs
  }

  private static func decoded(_ text: Substring) throws(FDSNRequestError) -> String {
    var bytes: [UInt8] = []
    var iterator = text.utf8.makeIterator()
    while let byte = iterator.next() {
      switch byte {
      case UInt8(ascii: "+"): bytes.append(UInt8(ascii: " "))
      case UInt8(ascii: "%"):
        guard let high = iterator.next().flatMap(Self.hexValue), let low = iterator.next().flatMap(Self.hexValue) else {
          throw FDSNRequestError("The query has a % not followed by two hex digits: \(text).")
        }
        bytes.append(high << 4 | low)
      default: bytes.append(byte)
      }
    }
    guard let decoded = String(validating: bytes, as: UTF8.self) else {
      throw FDSNRequestError("The query is not UTF-8 once decoded: \(text).")
    }
    return decoded
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
