package import USGSStandIn

extension SplitMix64 {
  /// Whether an event of probability `probability` happened.
  package mutating func chance(_ probability: Double) -> Bool {
    self.unit() < probability
  }

  /// One of `choices`, each as likely.
  package mutating func pick<Element>(_ choices: [Element]) -> Element {
    choices[self.next(below: choices.count)]
  }

  /// `value` with probability `probability`, otherwise `nil`.
  package mutating func maybe<Value>(_ probability: Double, _ value: (inout SplitMix64) -> Value) -> Value? {
    self.chance(probability) ? value(&self) : nil
  }

  /// A number in `range`, uniformly.
  package mutating func number(in range: ClosedRange<Double>) -> Double {
    range.lowerBound + self.unit() * (range.upperBound - range.lowerBound)
  }
}
