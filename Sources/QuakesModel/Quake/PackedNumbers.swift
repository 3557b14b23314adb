/// An optional double in eight bytes (`Double?` takes nine, sixteen in a
/// class's layout): `nil` is a NaN, which a kept value never is, since
/// values outside their range, NaN included, are kept as `nil`.
struct PackedDouble: Hashable, Sendable {
  private let bits: UInt64

  /// `value` when it lies in `range`, otherwise `nil`.
  init(_ value: Double?, in range: ClosedRange<Double>) {
    if let value, range.contains(value) {
      self.bits = value.bitPattern
    } else {
      self.bits = Double.nan.bitPattern
    }
  }

  var value: Double? {
    let value = Double(bitPattern: self.bits)
    return value.isNaN ? nil : value
  }
}

/// An optional integer in four bytes: `nil` is `Int32.min`, outside every
/// range a packed integer is checked against.
struct PackedInteger: Hashable, Sendable {
  private let stored: Int32

  /// `value` when it lies in `range` (which must fit in `Int32` above its
  /// minimum), otherwise `nil`.
  init(_ value: Int?, in range: ClosedRange<Int>) {
    if let value, range.contains(value), let stored = Int32(exactly: value), stored != .min {
      self.stored = stored
    } else {
      self.stored = .min
    }
  }

  var value: Int? {
    self.stored == .min ? nil : Int(self.stored)
  }
}
