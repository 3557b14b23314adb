import Foundation
import QuakesModel
import USGSStandIn

/// Quakes with every field drawn at random, the awkward values over-drawn:
/// texts with quotes, backslashes, controls, commas and non-ASCII; numbers
/// of every size and sign; texts that follow USGS's patterns and ones that
/// almost do; times before year 0 and after 9999.
struct RandomQuakes {
  private var random: SplitMix64

  init(seed: UInt64) {
    self.random = SplitMix64(seed: seed)
  }

  mutating func quake() -> Quake {
    let id = self.chance(0.9) ? "us7000" + String(self.random.next(below: 1_000_000)) : self.text()
    let magnitude = self.chance(0.9) ? self.number() : nil
    let place = self.chance(0.9) ? self.text() : nil
    let title: String? =
      switch self.random.next(below: 3) {
      case 0: nil
      case 1: magnitude.map { String(format: "M %.1f - ", $0) + (place ?? "") }
      default: self.text()
      }
    let ids: CommaWrappedList? =
      switch self.random.next(below: 4) {
      case 0: nil
      case 1: CommaWrappedList(text: "," + id + ",")
      case 2: CommaWrappedList(text: [",", ",,", ",a,,b,", "x", ""][self.random.next(below: 5)])
      default: CommaWrappedList((0..<self.random.next(below: 4)).map { _ in self.text() })
      }
    return Quake(
      id: id, magnitude: magnitude, magnitudeType: self.optionalText(), time: self.date(), updated: self.date(),
      place: place, longitude: self.coordinate(180), latitude: self.coordinate(90),
      depth: self.chance(0.8) ? self.number() : nil,
      url: self.chance(0.5) ? "https://earthquake.usgs.gov/earthquakes/eventpage/" + id : self.optionalText(),
      status: self.chance(0.8) ? ReviewStatus(rawValue: self.chance(0.5) ? "reviewed" : self.text()) : nil,
      eventType: self.optionalText(),
      impact: QuakeImpact(
        felt: self.optionalInteger(), cdi: self.optionalNumber(), mmi: self.optionalNumber(),
        alert: self.chance(0.5) ? AlertLevel.allCases[self.random.next(below: 4)] : nil,
        tsunami: self.chance(0.7) ? self.chance(0.5) : nil, significance: self.optionalInteger()),
      solution: QuakeSolution(
        stationCount: self.optionalInteger(), minimumDistance: self.optionalNumber(),
        rootMeanSquare: self.optionalNumber(), azimuthalGap: self.optionalNumber()),
      catalog: QuakeCatalogEntry(
        title: title, network: self.optionalText(), code: self.optionalText(), ids: ids,
        sources: self.chance(0.7) ? CommaWrappedList(text: "," + self.text() + ",") : nil,
        productTypes: self.chance(0.7) ? CommaWrappedList(["origin", self.text()]) : nil,
        detail: self.chance(0.5)
          ? "https://earthquake.usgs.gov/earthquakes/feed/v1.0/detail/\(id).geojson" : self.optionalText(),
        timeZoneOffset: self.optionalInteger()))
  }

  /// A finite number: small decimals, whole numbers, extremes, or any bit pattern.
  mutating func number() -> Double {
    switch self.random.next(below: 6) {
    case 0: return Double(self.random.next(below: 2_000_001) - 1_000_000) / 1000
    case 1: return Double(self.random.next(below: 2001) - 1000)
    case 2:
      return [0, -0.0, 1e-7, 1e16, 1e21, -1e300, .leastNonzeroMagnitude, .greatestFiniteMagnitude][
        self.random.next(below: 8)]
    case 3: return self.random.unit() * 10
    default:
      while true {
        let value = Double(bitPattern: self.random.next())
        if value.isFinite { return value }
      }
    }
  }

  /// A number within ±`bound`, as the decoder keeps coordinates (a
  /// bearing from or to a point beyond them is not a number).
  mutating func coordinate(_ bound: Double) -> Double {
    while true {
      let value = self.number()
      if abs(value) <= bound { return value }
    }
  }

  mutating func text() -> String {
    let pieces = [
      "a", "Z", " ", "km", "\"", "\\", "/", ",", "\u{0}", "\u{1}", "\u{8}", "\t", "\n", "\u{C}", "\r", "\u{1F}",
      "\u{7F}", "é", "Pāhala", "😀", "e\u{301}", "\u{301}", ",\u{301}", "\u{200D}", "\u{2028}", "M 4.5 - ",
    ]
    return (0..<self.random.next(below: 8)).map { _ in pieces[self.random.next(below: pieces.count)] }.joined()
  }

  mutating func optionalText() -> String? { self.chance(0.8) ? self.text() : nil }

  mutating func optionalNumber() -> Double? { self.chance(0.7) ? self.number() : nil }

  mutating func optionalInteger() -> Int? {
    guard self.chance(0.7) else { return nil }
    return self.random.next(below: 2_000_001) - 1_000_000
  }

  /// A date from about 300,000 years before 1970 to as long after it.
  mutating func date() -> Date {
    let millisecondsPerYear = 31_556_952_000.0
    let span = self.chance(0.8) ? 60.0 : 300_000.0
    return Date(timeIntervalSince1970: (self.random.unit() * 2 - 1) * span * millisecondsPerYear / 1000)
  }

  mutating func chance(_ probability: Double) -> Bool {
    self.random.unit() < probability
  }

  mutating func below(_ bound: Int) -> Int {
    self.random.next(below: bound)
  }
}
