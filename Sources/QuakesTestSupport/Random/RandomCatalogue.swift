import Foundation
package import QuakesModel
package import USGSStandIn

/// A random catalogue for the differential test: every field a filter or a
/// sort reads, with the values that make a selector and a database
/// disagree if either is wrong — unknown values, places with diacritics
/// (precomposed and combining) and mixed case, names in mixed case,
/// epicentres at the poles and on both sides of the antimeridian, and
/// repeated times, magnitudes, depths and epicentres, so that ties are
/// broken by id.
package enum RandomCatalogue {
  /// The first instant of the catalogue: 2024-03-08T00:00:00Z. Its five
  /// days hold North America's change to summer time (2024-03-10).
  package static let start: Int64 = 1_709_856_000_000
  /// The catalogue's length: five days.
  package static let span: Int64 = 5 * 86_400_000

  /// Centres that quakes cluster around and that queries look near: Tokyo,
  /// Anchorage, Reykjavík, Fiji (by the antimeridian), Hawaii, the Gulf of
  /// Guinea at 0°, 0°, and the poles.
  package static let centres = [
    GeoPoint(latitude: 35.68, longitude: 139.69), GeoPoint(latitude: 61.22, longitude: -149.9),
    GeoPoint(latitude: 64.15, longitude: -21.94), GeoPoint(latitude: -17.7, longitude: 179.2),
    GeoPoint(latitude: 19.4, longitude: -155.3), GeoPoint(latitude: 0, longitude: 0),
    GeoPoint(latitude: 89.5, longitude: 10), GeoPoint(latitude: -89.5, longitude: -120),
  ]

  /// Place names, some with diacritics, one with a combining mark, some
  /// outside the Latin table (folded by Foundation).
  package static let towns = [
    "San José", "Pāhala", "Reykjavík", "Reykjavi\u{301}k", "Ölfus", "Zürich", "Straße", "İzmit", "東京",
    "São Paulo", "Ḩawr", "Anchorage", "Volcano", "Naalehu", "Ŭlsan", "ﬁnland",
  ]
  /// Regions after the town.
  package static let regions = ["Costa Rica", "Hawaii", "Iceland", "Japan", "Türkiye", "Alaska", "Fiji", "CA"]
  /// Networks in mixed case, with a diacritic precomposed and decomposed, and a Kelvin sign (which lower-cases to "k").
  package static let networks = [
    "us", "US", "Us", "ak", "AK", "hv", "HV", "nc", "ci", "ök", "ÖK", "Ök", "o\u{308}k", "A\u{212A}",
  ]
  /// Event types in mixed case.
  package static let eventTypes = [
    "earthquake", "Earthquake", "EARTHQUAKE", "quarry blast", "Quarry Blast", "explosion",
  ]
  /// Magnitude types in mixed case.
  package static let magnitudeTypes = ["ml", "ML", "Ml", "mb", "mww", "Mww", "md", "mb_lg", "MB_LG"]

  /// `count` quakes with distinct ids.
  package static func quakes(count: Int, using random: inout SplitMix64) -> [Quake] {
    let times = (0..<max(count / 6, 1)).map { _ in Self.time(using: &random) }
    var epicentres: [GeoPoint] = []
    return (0..<count).map { index in
      let epicentre =
        !epicentres.isEmpty && random.chance(0.1) ? random.pick(epicentres) : Self.epicentre(using: &random)
      epicentres.append(epicentre)
      let magnitude = random.maybe(0.92) { Double($0.next(below: 91) - 10) / 10 }
      let time = random.pick(times)
      return Quake(
        id: random.pick(["us", "ak", "hv", "nc"]) + Self.code(index) + random.pick(["", "a", "b"]),
        magnitude: magnitude, magnitudeType: random.maybe(0.9) { $0.pick(Self.magnitudeTypes) },
        time: Timestamp.date(milliseconds: time),
        // At the origin time, a millisecond, a minute, a day or a week
        // later, by turns (drawing it would change every seed's catalogue).
        updated: Timestamp.date(milliseconds: time + [0, 1, 60_000, 86_400_000, 7 * 86_400_000][index % 5]),
        place: random.maybe(0.95) { Self.place(using: &$0) },
        longitude: epicentre.longitude, latitude: epicentre.latitude,
        depth: random.maybe(0.92) { Double($0.next(below: 150) * 5 - 10) + ($0.chance(0.2) ? 0.25 : 0) },
        status: random.pick([.automatic, .reviewed, ReviewStatus(rawValue: "deleted"), nil]),
        eventType: random.maybe(0.9) { $0.pick(Self.eventTypes) },
        impact: QuakeImpact(
          felt: random.maybe(0.6) { $0.chance(0.5) ? $0.pick([0, 1, 2, 10, 100]) : $0.next(below: 3000) },
          cdi: random.maybe(0.5) { Double($0.next(below: 101)) / 10 },
          mmi: random.maybe(0.5) { Double($0.next(below: 101)) / 10 },
          alert: random.maybe(0.4) { $0.pick(AlertLevel.allCases) },
          tsunami: random.pick([true, false, nil]),
          significance: random.maybe(0.9) { $0.chance(0.5) ? Int((magnitude ?? 0) * 100) : $0.next(below: 1500) }),
        catalog: QuakeCatalogEntry(network: random.maybe(0.9) { $0.pick(Self.networks) }))
    }
  }

  /// The code of the quake at `index`: four base-36 digits, so that ids
  /// differ whatever comes before and after it.
  private static func code(_ index: Int) -> String {
    let digits = String(index, radix: 36)
    return String(repeating: "0", count: max(4 - digits.count, 0)) + digits
  }

  /// An origin time in the catalogue's days: often on a whole hour or
  /// quarter hour, where a day in some time zone begins.
  package static func time(using random: inout SplitMix64) -> Int64 {
    switch random.next(below: 4) {
    case 0: Self.start + Int64(random.next(below: 5 * 24)) * 3_600_000
    case 1: Self.start + Int64(random.next(below: 5 * 96)) * 900_000
    default: Self.start + Int64(random.next(below: Int(Self.span)))
    }
  }

  /// An epicentre: anywhere, by the antimeridian, by a pole, or clustered
  /// (on a 0.01° grid, so that some coincide) around one of ``centres``.
  private static func epicentre(using random: inout SplitMix64) -> GeoPoint {
    switch random.next(below: 10) {
    case 0, 1, 2:
      return GeoPoint(latitude: random.number(in: -90...90), longitude: random.number(in: -180...180))
    case 3, 4:
      let side = random.pick([1.0, -1.0])
      let longitude = random.chance(0.1) ? 180 * side : side * random.number(in: 178...180)
      return GeoPoint(latitude: random.number(in: -60...60), longitude: longitude)
    case 5:
      let side = random.pick([1.0, -1.0])
      let latitude = random.chance(0.1) ? 90 * side : side * random.number(in: 85...90)
      return GeoPoint(latitude: latitude, longitude: random.number(in: -180...180))
    default:
      let centre = random.pick(Self.centres)
      let latitude = (centre.latitude + random.number(in: -3...3)).clamped(to: -90...90)
      var longitude = centre.longitude + random.number(in: -3...3)
      if longitude > 180 { longitude -= 360 }
      if longitude < -180 { longitude += 360 }
      return GeoPoint(latitude: (latitude * 100).rounded() / 100, longitude: (longitude * 100).rounded() / 100)
    }
  }

  /// A place as USGS writes them, sometimes in capitals or lower case.
  private static func place(using random: inout SplitMix64) -> String {
    let town = random.pick(Self.towns)
    let place =
      random.chance(0.2)
      ? "\(town) region"
      : "\(random.next(below: 120)) km \(random.pick(["N", "SSW", "E", "W"])) of \(town), \(random.pick(Self.regions))"
    switch random.next(below: 7) {
    case 0: return place.uppercased()
    case 1: return place.lowercased()
    // A feed's escapes are resolved exactly: "\u0000" is a NUL in the place.
    case 2 where random.chance(0.2): return "a\u{0}bc " + place
    default: return place
    }
  }
}

extension Double {
  /// This value, or the nearer end of `range` if it lies outside.
  package func clamped(to range: ClosedRange<Double>) -> Double {
    Swift.min(Swift.max(self, range.lowerBound), range.upperBound)
  }
}
