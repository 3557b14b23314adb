/// A seeded random number generator (SplitMix64), so that the decoder's
/// randomised tests see the same inputs on every run and a failure can be
/// replayed.
struct DecodingRandom: RandomNumberGenerator {
  private var state: UInt64

  /// A generator whose sequence is fixed by `seed`.
  init(seed: UInt64) {
    self.state = seed
  }

  mutating func next() -> UInt64 {
    self.state &+= 0x9E37_79B9_7F4A_7C15
    var value = self.state
    value = (value ^ (value &>> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value &>> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value &>> 31)
  }

  /// A number in `0..<bound`.
  mutating func next(below bound: Int) -> Int {
    Int.random(in: 0..<bound, using: &self)
  }
}
