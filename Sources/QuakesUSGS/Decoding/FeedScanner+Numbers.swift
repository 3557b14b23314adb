// Numbers: checked against JSON's grammar and converted from their digits.
//
// Doubles are correctly rounded. The fast path is Clinger's: when the
// significand fits in 53 bits and the power of ten is at most 10^22, both are
// exact doubles and one IEEE multiplication or division rounds correctly. Feed
// numbers (`-122.8156662`, `4.46`, `10`) all take it. Anything else (more than
// 15–16 digits, large exponents) goes to the standard library's parser, which
// is correctly rounded too, on the number's own bytes.
extension FeedScanner {
  /// The exact powers of ten as doubles: 10^0 through 10^22.
  private static let powersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
  ]

  /// Reads the number whose first byte (`-` or a digit) is at ``index``.
  ///
  /// - Throws: when it does not follow JSON's grammar
  ///   (`-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`).
  @inline(__always)
  mutating func scanNumber() throws(FeedDecodingError) -> NumberToken {
    var token = NumberToken(start: self.index)
    if self.base[self.index] == UInt8(ascii: "-") {
      token.isNegative = true
      self.index &+= 1
    }
    var digits = 0
    // The integer part: `0`, or a digit 1–9 and more digits.
    guard self.index < self.count else { throw self.truncated(inside: .number) }
    let first = self.base[self.index] &- UInt8(ascii: "0")
    guard first < 10 else { throw self.invalid(expected: "a digit") }
    self.index &+= 1
    if first != 0 {
      token.significand = UInt64(first)
      digits = 1
      while self.index < self.count {
        let digit = self.base[self.index] &- UInt8(ascii: "0")
        guard digit < 10 else { break }
        if digits < 19 {
          token.significand = token.significand &* 10 &+ UInt64(digit)
          digits &+= 1
        } else {
          token.isExact = false
        }
        self.index &+= 1
      }
    }
    // The fraction.
    if self.index < self.count, self.base[self.index] == UInt8(ascii: ".") {
      token.isInteger = false
      self.index &+= 1
      guard self.index < self.count else { throw self.truncated(inside: .number) }
      guard self.base[self.index] &- UInt8(ascii: "0") < 10 else {
        throw self.invalid(expected: "a digit after the decimal point")
      }
      while self.index < self.count {
        let digit = self.base[self.index] &- UInt8(ascii: "0")
        guard digit < 10 else { break }
        if token.significand == 0 && digit == 0 {
          token.exponent &-= 1  // a leading zero: only moves the point
        } else if digits < 19 {
          token.significand = token.significand &* 10 &+ UInt64(digit)
          digits &+= 1
          token.exponent &-= 1
        } else {
          token.isExact = false
        }
        self.index &+= 1
      }
    }
    // The exponent.
    if self.index < self.count, self.base[self.index] | 0x20 == UInt8(ascii: "e") {
      token.isInteger = false
      self.index &+= 1
      guard self.index < self.count else { throw self.truncated(inside: .number) }
      var negative = false
      let sign = self.base[self.index]
      if sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
        negative = sign == UInt8(ascii: "-")
        self.index &+= 1
        guard self.index < self.count else { throw self.truncated(inside: .number) }
      }
      guard self.base[self.index] &- UInt8(ascii: "0") < 10 else {
        throw self.invalid(expected: "a digit in the exponent")
      }
      var exponent = 0
      while self.index < self.count {
        let digit = self.base[self.index] &- UInt8(ascii: "0")
        guard digit < 10 else { break }
        if exponent < 1_000_000 { exponent = exponent &* 10 &+ Int(digit) }
        self.index &+= 1
      }
      token.exponent = negative ? token.exponent &- exponent : token.exponent &+ exponent
    }
    token.end = self.index
    return token
  }

  /// The correctly rounded double nearest to `token` (±infinity beyond the
  /// double range, ±0 below it).
  @inline(__always)
  func double(_ token: NumberToken) -> Double {
    if token.isExact, token.significand <= 1 << 53, token.exponent >= -22, token.exponent <= 22 {
      var value = Double(token.significand)
      if token.exponent < 0 {
        value /= Self.powersOfTen[-token.exponent]
      } else {
        value *= Self.powersOfTen[token.exponent]
      }
      return token.isNegative ? -value : value
    }
    return self.slowDouble(token)
  }

  /// The standard library's (correctly rounded, locale-independent) parse of
  /// the number's text.
  private func slowDouble(_ token: NumberToken) -> Double {
    let text = String(
      decoding: UnsafeBufferPointer(start: self.base + token.start, count: token.end &- token.start), as: UTF8.self)
    return Double(text) ?? .nan
  }

  /// `token` as a whole number: exact for an integer literal that fits in
  /// 64 bits; otherwise the double value truncated toward zero, as
  /// `NSNumber.int64Value` does, when it is finite and within range.
  @inline(__always)
  func int64(_ token: NumberToken) -> Int64? {
    if token.isInteger, token.isExact {
      if token.isNegative {
        return token.significand <= UInt64(Int64.max) ? -Int64(token.significand) : nil
      }
      return token.significand <= UInt64(Int64.max) ? Int64(token.significand) : nil
    }
    let value = self.double(token)
    guard value.isFinite, value > -9.2e18, value < 9.2e18 else { return nil }
    return Int64(value)
  }
}
