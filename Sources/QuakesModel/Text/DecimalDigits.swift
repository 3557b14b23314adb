extension Array where Element == UInt8 {
  /// Appends `value` in decimal ASCII digits, zero-padded to at least
  /// `width` digits (a `width` past 24, the digits' buffer, pads to 24):
  /// what the byte writers (JSON, ISO 8601 times) write numbers with,
  /// without making a `String` of each.
  mutating func append(decimal value: UInt, width: Int = 1) {
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
    Swift.withUnsafeMutableBytes(of: &digits) { buffer in
      var end = buffer.count
      var rest = value
      repeat {
        end -= 1
        buffer[end] = UInt8(ascii: "0") + UInt8(rest % 10)
        rest /= 10
      } while rest > 0 || buffer.count - end < width && end > 0
      self.append(contentsOf: buffer[end...])
    }
  }
}
