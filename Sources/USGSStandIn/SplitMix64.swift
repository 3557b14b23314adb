/// A small, fast, seedable random number generator (SplitMix64), so that a
/// sample catalogue is the same on every machine, and a randomised test
/// sees the same inputs on every run and a failure can be replayed.
package struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// A generator whose sequence is fixed by `seed`.
  package init(seed: UInt64) {
    self.state = seed
  }

  package mutating func next() -> UInt64 {
    self.state &+= 0x9E37_79B9_7F4A_7C15
    var value = self.state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }

  /// A number in 0..<1.
  package mutating func unit() -> Double {
    Double(self.next() >> 11) / Double(1 << 53)
  }

  /// A number in `0..<bound`.
  package mutating func next(below bound: Int) -> Int {
    Int.random(in: 0..<bound, using: &self)
  }
}
