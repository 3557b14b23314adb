/// A JSON number as the scanner read it: where it is in the body, and its
/// decimal significand and exponent when they are small enough to convert
/// exactly.
///
/// The value is `significand × 10^exponent`, negated when `isNegative`.
struct NumberToken {
  /// The offset of the number's first byte.
  var start: Int
  /// The offset just after its last byte.
  var end: Int
  /// Its significant decimal digits (at most 19 of them, so it cannot overflow).
  var significand: UInt64 = 0
  /// The power of ten to multiply ``significand`` by.
  var exponent = 0
  /// Whether it starts with `-`.
  var isNegative = false
  /// Whether it has neither a fraction nor an exponent part.
  var isInteger = true
  /// Whether ``significand`` holds every significant digit (at most 19).
  var isExact = true

  /// A token for the number at `start`.
  init(start: Int) {
    self.start = start
    self.end = start
  }
}
