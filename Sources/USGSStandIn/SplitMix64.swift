/// A small, fast, seedable random number generator (SplitMix64), so that a
/// sample catalogue is the same on every machine.
struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  init(seed: UInt64) {
    self.state = seed
  }

  mutating func next() -> UInt64 {
    self.state &+= 0x9E37_79B9_7F4A_7C15
    var value = self.state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }

  /// A number in 0..<1.
  mutating func unit() -> Double {
    Double(self.next() >> 11) / Double(1 << 53)
  }
}
