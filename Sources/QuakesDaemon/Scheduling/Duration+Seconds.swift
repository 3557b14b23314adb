extension Duration {
  /// The duration in seconds, with its fraction, for `Date` arithmetic.
  var seconds: Double {
    Double(self.components.seconds) + Double(self.components.attoseconds) / 1e18
  }
}
