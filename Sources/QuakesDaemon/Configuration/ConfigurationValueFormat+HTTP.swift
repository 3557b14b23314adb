extension ConfigurationValueFormat where Value == Int {
  /// A whole number from 1 to 1,000,000: the most events one FDSN answer holds.
  static var maximumEvents: Self {
    .scalar(
      allowedValues: "a whole number from 1 to 1000000", example: "20000",
      read: { Int($0).flatMap { (1...1_000_000).contains($0) ? $0 : nil } }, format: { "\($0)" })
  }
}

extension ConfigurationValueFormat where Value == Int {
  /// `0` (none), or a size up to 1 GiB as ``ByteSizeText`` reads it: the
  /// memory the FDSN service keeps texts of events in.
  static var eventCacheSize: Self {
    .scalar(
      allowedValues: "0 (none), or a size up to 1GiB such as 8MiB", example: "8MiB",
      read: { text in
        text.trimmingCharacters(in: .whitespaces) == "0"
          ? 0 : ByteSizeText.parse(text).flatMap { $0 <= 1 << 30 ? $0 : nil }
      }, format: { $0 == 0 ? "0" : ByteSizeText.format($0) })
  }
}

extension ConfigurationValueFormat where Value == Double? {
  /// `off`, or requests a second from 0.01 to 100,000: what a client of the
  /// FDSN service beyond this host may send.
  static var requestRate: Self {
    .scalar(
      allowedValues: "off, or requests a second from 0.01 to 100000", example: "10",
      read: { text -> Double?? in
        if text.lowercased() == "off" { return .some(nil) }
        guard let rate = Double(text), rate.isFinite, (0.01...100_000).contains(rate) else { return nil }
        return .some(rate)
      },
      format: { $0.map { $0 == $0.rounded() ? String(Int($0)) : String($0) } ?? "off" })
  }
}
