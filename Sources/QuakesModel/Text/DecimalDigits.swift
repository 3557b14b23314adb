extension Array where Element == UInt8 {
  /// Appends `value` in decimal ASCII digits, zero-padded to at least
  /// `width` digits (at most 20, the digits of `UInt.max`): what the byte
  /// writers (JSON, ISO 8601 times, QuakeML) write numbers with, without
  /// making a `String` of each.
  package mutating func append(decimal value: UInt, width: Int = 1) {
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
