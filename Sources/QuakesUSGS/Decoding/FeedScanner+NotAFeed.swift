// Bodies that do not start with `{`: say what they are instead. A server's
// HTML error page, the JSONP variant of the feed, other JSON, or text.
extension FeedScanner {
  /// The error for the body whose first non-blank byte, at ``index``, is
  /// not `{`.
  ///
  /// - Throws: the JSON error, when the body starts like JSON but is not.
  mutating func notAnObject() throws(FeedDecodingError) -> FeedDecodingError {
    let first = self.base[self.index]
    if first == UInt8(ascii: "<") {
      return FeedDecodingError(
        "not JSON: the body starts with \(self.firstLine()),"
          + " an HTML page (such as a server's or a proxy's error page), not a GeoJSON feed")
    }
    if let callback = self.jsonpCallback() {
      return FeedDecodingError(
        "not JSON but JSONP: the body wraps the feed in a JavaScript callback, \(callback)(…);"
          + " fetch the .geojson URL, not the .geojsonp one")
    }
    let isLetter = (first | 0x20) &- UInt8(ascii: "a") < 26
    let startsLiteral = ["true", "false", "null"].contains { self.startsWith($0) }
    guard !isLetter || startsLiteral,
      first == UInt8(ascii: "[") || first == UInt8(ascii: "\"") || Self.startsNumber(first) || isLetter
    else {
      return FeedDecodingError("not JSON: the body starts with \(self.firstLine())")
    }
    let kind = Self.kind(of: first)
    try self.skipValue()
    self.skipWhitespace()
    guard self.index == self.count else {
      throw self.invalid(expected: "the end of the body after the JSON value")
    }
    return FeedDecodingError("not a GeoJSON FeatureCollection: the body is JSON, but \(kind), not an object")
  }

  /// The body's first line from ``index``, quoted, at most 40 bytes.
  private func firstLine() -> String {
    var end = self.index
    while end < self.count, end - self.index < 40, self.base[end] != 0x0A, self.base[end] != 0x0D {
      end += 1
    }
    let more = end < self.count && end - self.index == 40 ? "…" : ""
    return "\"" + self.text(from: self.index, to: end) + more + "\""
  }

  /// The callback's name when the body, from ``index``, is a JavaScript call
  /// such as `eqfeed_callback({…});`.
  private func jsonpCallback() -> String? {
    var offset = self.index
    while offset < self.count, offset - self.index < 100 {
      let byte = self.base[offset]
      let isLetter = (byte | 0x20) &- UInt8(ascii: "a") < 26
      let isDigit = byte &- UInt8(ascii: "0") < 10
      guard
        isLetter || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || byte == UInt8(ascii: ".")
          || (isDigit && offset > self.index)
      else { break }
      offset += 1
    }
    let nameEnd = offset
    guard nameEnd > self.index else { return nil }
    while offset < self.count, [0x20, 0x09, 0x0A, 0x0D].contains(self.base[offset]) { offset += 1 }
    guard offset < self.count, self.base[offset] == UInt8(ascii: "(") else { return nil }
    return self.text(from: self.index, to: nameEnd)
  }

  /// Whether the body at ``index`` starts with `word`, not followed by a
  /// letter or digit.
  private func startsWith(_ word: String) -> Bool {
    var offset = self.index
    for byte in word.utf8 {
      guard offset < self.count, self.base[offset] == byte else { return false }
      offset += 1
    }
    guard offset < self.count else { return true }
    let next = self.base[offset]
    return !((next | 0x20) &- UInt8(ascii: "a") < 26 || next &- UInt8(ascii: "0") < 10)
  }
}
