package import Foundation
package import QuakesModel
package import USGSStandIn

/// Random list queries for the differential test: any combination of the
/// filters (each present now and then, with values at the catalogue's own
/// boundaries: a quake's exact time, a magnitude it has), every sort key,
/// both orders, limits and offsets from none to past the end.
package enum RandomQuery {
  /// Time zones whose midnights differ: whole hours, with and without a
  /// change to summer time in the catalogue's days, and quarter hours.
  package static let timeZones = [
    "GMT", "America/Los_Angeles", "America/New_York", "Asia/Tokyo", "Asia/Kathmandu", "Pacific/Chatham",
    "America/St_Johns", "Pacific/Kiritimati",
  ].compactMap(TimeZone.init(identifier:))

  /// Texts to search for: places' words in other cases and with or without
  /// their diacritics, fragments, a lone combining mark, nothing.
  package static let searches = [
    "san jose", "SAN JOSÉ", "josé", "pahala", "PĀHALA", "reykjavik", "Reykjavík", "vi\u{301}k", "olfus", "zurich",
    "strasse", "straße", "izmit", "İzmit", "東京", "km n", "alaska", "of", "a", "hawaii", "region", "fin", "\u{301}",
    "", "nowhere", "\"of\" \"", "a\u{0}bc", "   ", "OR", "of*", "(km)",
  ]

  /// A random query.
  package static func query(using random: inout SplitMix64) -> QuakesQuery {
    QuakesQuery(
      filter: Self.filter(using: &random),
      sort: random.pick(QuakesQuery.SortKey.allCases),
      order: random.pick(QuakesQuery.Order.allCases),
      limit: random.chance(0.2) ? nil : Self.limit(using: &random),
      offset: Self.offset(using: &random))
  }

  /// A random query for the newest or oldest few, bounded in time alone:
  /// what the SQLite store reads on the calling thread.
  package static func briefWalkOfTime(using random: inout SplitMix64) -> QuakesQuery {
    var filter = QuakesQuery.Filter()
    filter.since = random.maybe(0.5) { Self.date(using: &$0) }
    filter.until = random.maybe(0.5) { Self.date(using: &$0) }
    return QuakesQuery(
      filter: filter, sort: .time, order: random.pick(QuakesQuery.Order.allCases),
      limit: random.next(below: 301), offset: random.chance(0.5) ? 0 : random.next(below: 700))
  }

  /// A random filter; with `newerFields`, also the filters added for the
  /// FDSN service (`updatedAfter`, `alert`, a ring), which draw from
  /// `random` too, so that leaving them out keeps a test's scenario the
  /// one its seed gave before they existed.
  package static func filter(using random: inout SplitMix64, newerFields: Bool = true) -> QuakesQuery.Filter {
    var filter = QuakesQuery.Filter()
    // Now and then a query with no filter, or a near centre for distances alone.
    guard random.chance(0.9) else { return filter }
    let often = 0.12
    filter.search = random.chance(0.2) ? random.pick(Self.searches) : ""
    filter.day = random.maybe(often) { QuakesQuery.Day(String(format: "2024-03-%02d", 7 + $0.next(below: 7))) } ?? nil
    filter.timeZone = random.pick(Self.timeZones)
    filter.since = random.maybe(often) { Self.date(using: &$0) }
    filter.until = random.maybe(often) { Self.date(using: &$0) }
    filter.minMagnitude = random.maybe(often) { Double($0.next(below: 91) - 10) / 10 }
    filter.maxMagnitude = random.maybe(often) { Double($0.next(below: 91) - 10) / 10 }
    filter.minDepth = random.maybe(often) { Double($0.next(below: 150) * 5 - 10) }
    filter.maxDepth = random.maybe(often) { Double($0.next(below: 150) * 5 - 10) + 0.25 }
    filter.minAlert = random.maybe(often) { $0.pick(AlertLevel.allCases) }
    filter.minFelt = random.maybe(often) { $0.pick([0, 1, 2, 10, 100, 1000]) }
    filter.minCdi = random.maybe(often) { Double($0.next(below: 101)) / 10 }
    filter.minMmi = random.maybe(often) { Double($0.next(below: 101)) / 10 }
    filter.minSignificance = random.maybe(often) { $0.next(below: 1200) }
    filter.tsunami = random.maybe(often) { $0.chance(0.5) }
    filter.reviewStatus = random.maybe(often) { ReviewStatus(rawValue: $0.pick(["Reviewed", "automatic", "DELETED"])) }
    filter.network = random.maybe(often) { $0.pick(RandomCatalogue.networks + ["uS", "öK", "O\u{308}K", "xx"]) }
    filter.eventType = random.maybe(often) { $0.pick(RandomCatalogue.eventTypes + ["eArthquake", "landslide"]) }
    filter.magnitudeType = random.maybe(often) { $0.pick(RandomCatalogue.magnitudeTypes + ["mL", "mi"]) }
    filter.near = random.maybe(0.25) { Self.circle(using: &$0) }
    filter.bbox = random.maybe(often) { Self.box(using: &$0) }
    filter.within = random.maybe(often) { RandomRegion.region(using: &$0) }
    guard newerFields else { return filter }
    filter.updatedAfter = random.maybe(often) { Self.date(using: &$0) }
    filter.alert = random.maybe(often) { $0.pick(AlertLevel.allCases) }
    if filter.near != nil, random.chance(0.2) {
      filter.near?.minRadiusKm = random.pick([0, 1, 50, 300, 1000, 5000, 20_040])
    }
    return filter
  }

  /// A bound: a time quakes can have exactly, a little off one (less than a
  /// millisecond, or one), or anywhere around the catalogue.
  private static func date(using random: inout SplitMix64) -> Date {
    let time = Timestamp.date(milliseconds: RandomCatalogue.time(using: &random))
    switch random.next(below: 5) {
    case 0: return time.addingTimeInterval(random.pick([0.000_4, -0.000_4, 0.001, -0.001]))
    case 1:
      let milliseconds = RandomCatalogue.start + Int64(random.number(in: -0.2...1.2) * Double(RandomCatalogue.span))
      return Timestamp.date(milliseconds: milliseconds)
    default: return time
    }
  }

  /// A circle around one of the catalogue's centres, the antimeridian or
  /// anywhere; of any radius, up to more than half the Earth, or none.
  private static func circle(using random: inout SplitMix64) -> GeoCircle {
    let centre =
      random.chance(0.7)
      ? random.pick(
        RandomCatalogue.centres + [GeoPoint(latitude: 0, longitude: 180), GeoPoint(latitude: 90, longitude: 0)])
      : GeoPoint(latitude: random.number(in: -90...90), longitude: random.number(in: -180...180))
    let radius =
      random.chance(0.5) ? random.pick([0, 1, 50, 300, 1000, 5000, 20_040, 1e300]) : random.number(in: 0...3000)
    return GeoCircle(centre: centre, radiusKm: random.chance(0.2) ? nil : radius)
  }

  /// A box, sometimes across the antimeridian, sometimes up to a pole,
  /// sometimes with its edges the wrong way round (it then holds nothing).
  private static func box(using random: inout SplitMix64) -> GeoBox {
    let latitudes = [random.number(in: -90...90), random.number(in: -90...90)].sorted()
    let (south, north) = random.chance(0.9) ? (latitudes[0], latitudes[1]) : (latitudes[1], latitudes[0])
    let west = random.chance(0.2) ? random.pick([-180, 170, 178]) : random.number(in: -180...180)
    let east = random.chance(0.2) ? random.pick([180, -170, -178]) : random.number(in: -180...180)
    return GeoBox(
      minLatitude: random.chance(0.1) ? -90 : south, maxLatitude: random.chance(0.1) ? 90 : north,
      minLongitude: west, maxLongitude: east)
  }

  private static func limit(using random: inout SplitMix64) -> Int {
    switch random.next(below: 20) {
    case 0: random.next(below: 2_000) + 10_001  // past the selector's kept best
    case 1: -1
    default: random.next(below: 40)
    }
  }

  private static func offset(using random: inout SplitMix64) -> Int {
    switch random.next(below: 20) {
    case 0..<12: 0
    case 12: random.next(below: 4_000)
    case 13: -3
    default: random.next(below: 50)
    }
  }
}
