/// Repeated measurements of one quantity: the median and the spread
/// (minimum–maximum) that docs/benchmarks.md reports.
struct Samples {
  private(set) var values: [Double] = []

  init(_ values: [Double] = []) {
    self.values = values
  }

  var isEmpty: Bool { self.values.isEmpty }

  mutating func append(_ value: Double) {
    self.values.append(value)
  }

  /// The middle value (the mean of the two middle ones for an even count).
  var median: Double {
    let sorted = self.values.sorted()
    guard !sorted.isEmpty else { return .nan }
    let middle = sorted.count / 2
    return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
  }

  /// The value `fraction` of the way up the sorted values (nearest rank):
  /// 0.99 is the 99th percentile.
  func percentile(_ fraction: Double) -> Double {
    let sorted = self.values.sorted()
    guard !sorted.isEmpty else { return .nan }
    let rank = Int((fraction * Double(sorted.count)).rounded(.up))
    return sorted[min(max(rank, 1), sorted.count) - 1]
  }

  var minimum: Double { self.values.min() ?? .nan }
  var maximum: Double { self.values.max() ?? .nan }

  /// `median (min–max)` with `digits` decimals.
  func text(_ digits: Int = 1) -> String {
    guard !self.values.isEmpty else { return "—" }
    let format = "%.\(digits)f"
    return
      "\(String(format: format, self.median)) (\(String(format: format, self.minimum))–\(String(format: format, self.maximum)))"
  }

  /// Every value, in the order measured, for the report's raw figures.
  func raw(_ digits: Int = 1) -> String {
    self.values.map { String(format: "%.\(digits)f", $0) }.joined(separator: ", ")
  }
}
