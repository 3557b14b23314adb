import Foundation

/// Makes up the events of ``FDSNCatalogue/generated(count:from:to:seed:)``:
/// realistic in kind and proportion (Gutenberg–Richter magnitudes with
/// b = 1 from 1.0, real seismic regions, mostly shallow depths, alerts,
/// felt reports and tsunami flags where large quakes near people or the
/// sea would have them, a few blasts), deterministic for a seed.
struct FDSNEventGenerator {
  /// A seismic region: where its events fall, who reports them, and what
  /// its quakes are like.
  private struct Region {
    var name: String
    var latitude: Double
    var longitude: Double
    var network: String
    /// Whether it has a subducting slab: intermediate and deep quakes (to 700 km).
    var isDeep: Bool
    /// Whether people live near enough to feel quakes and send reports.
    var isPopulated: Bool
    /// Whether a large quake there can raise a tsunami.
    var isOceanic: Bool
    /// Whether quarries and mines report blasts there.
    var hasBlasts: Bool
  }

  private static let regions: [Region] = [
    Region(
      name: "The Geysers, CA", latitude: 38.79, longitude: -122.76, network: "nc", isDeep: false, isPopulated: true,
      isOceanic: false, hasBlasts: true),
    Region(
      name: "Ridgecrest, CA", latitude: 35.70, longitude: -117.50, network: "ci", isDeep: false, isPopulated: true,
      isOceanic: false, hasBlasts: true),
    Region(
      name: "Anchorage, Alaska", latitude: 61.30, longitude: -149.90, network: "ak", isDeep: true, isPopulated: true,
      isOceanic: true, hasBlasts: true),
    Region(
      name: "Pāhala, Hawaii", latitude: 19.20, longitude: -155.48, network: "hv", isDeep: false, isPopulated: true,
      isOceanic: true, hasBlasts: false),
    Region(
      name: "Yellowstone, Wyoming", latitude: 44.60, longitude: -110.70, network: "uu", isDeep: false,
      isPopulated: false, isOceanic: false, hasBlasts: true),
    Region(
      name: "Ponce, Puerto Rico", latitude: 17.95, longitude: -66.85, network: "pr", isDeep: false, isPopulated: true,
      isOceanic: true, hasBlasts: false),
    Region(
      name: "Tokyo, Japan", latitude: 35.60, longitude: 140.10, network: "us", isDeep: true, isPopulated: true,
      isOceanic: true, hasBlasts: false),
    Region(
      name: "Santiago, Chile", latitude: -33.40, longitude: -71.00, network: "us", isDeep: true, isPopulated: true,
      isOceanic: true, hasBlasts: false),
    Region(
      name: "Suva, Fiji", latitude: -18.00, longitude: 179.60, network: "us", isDeep: true, isPopulated: false,
      isOceanic: true, hasBlasts: false),
    Region(
      name: "Padang, Indonesia", latitude: -0.95, longitude: 100.35, network: "us", isDeep: true, isPopulated: true,
      isOceanic: true, hasBlasts: false),
    Region(
      name: "İzmir, Turkey", latitude: 38.42, longitude: 27.14, network: "us", isDeep: false, isPopulated: true,
      isOceanic: false, hasBlasts: false),
    Region(
      name: "Grindavík, Iceland", latitude: 63.84, longitude: -22.43, network: "us", isDeep: false,
      isPopulated: false, isOceanic: false, hasBlasts: false),
  ]

  private static let bearings = [
    "N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW",
  ]

  private var random: SplitMix64
  private var serial = 40_000_000

  /// A generator whose events are fixed by `seed`.
  init(seed: UInt64) {
    self.random = SplitMix64(seed: seed)
  }

  /// `count` events with times drawn uniformly from
  /// `start..<end` (milliseconds since 1970), in the order drawn.
  mutating func events(count: Int, start: Int64, end: Int64) -> [FDSNEvent] {
    guard count > 0, start < end else { return [] }
    let span = Double(end - start)
    var events: [FDSNEvent] = []
    events.reserveCapacity(count)
    for _ in 0..<count {
      let time = start + min(Int64(self.random.unit() * span), end - start - 1)
      events.append(self.event(atMilliseconds: time))
    }
    return events
  }

  private mutating func event(atMilliseconds time: Int64) -> FDSNEvent {
    let region = Self.regions[self.random.next(below: Self.regions.count)]
    defer { self.serial += 1 }
    let id = "\(region.network)\(self.serial)"
    let kind = self.random.unit()
    let type: String
    if region.hasBlasts, kind < 0.015 {
      type = "quarry blast"
    } else if region.hasBlasts, kind < 0.02 {
      type = "explosion"
    } else if region.network == "ak", kind < 0.025 {
      type = "ice quake"
    } else {
      type = "earthquake"
    }
    // Gutenberg–Richter with b = 1 from magnitude 1.0: P(M > m) = 10^-(m - 1).
    let drawn = min(9.1, 1.0 - log10(max(1e-12, 1 - self.random.unit())))
    let magnitude: Double? =
      self.random.unit() < 0.005 ? nil : ((type == "earthquake" ? drawn : min(drawn, 2.9)) * 100).rounded() / 100
    let size = magnitude ?? 0
    var latitude = region.latitude + (self.random.unit() - 0.5) * 2
    var longitude = region.longitude + (self.random.unit() - 0.5) * 2
    latitude = (max(-90, min(90, latitude)) * 10_000).rounded() / 10_000
    if longitude >= 180 { longitude -= 360 }
    if longitude < -180 { longitude += 360 }
    longitude = (longitude * 10_000).rounded() / 10_000
    let depth = self.depth(in: region, type: type)
    let alert = self.alert(magnitude: size, region: region)
    let isFelt = size >= 2.5 && region.isPopulated && self.random.unit() < 0.4
    let felt = isFelt ? 1 + Int(pow(10, size - 2.5) * (1 + self.random.unit() * 4)) : nil
    let cdi = isFelt ? (min(9, 1 + (size - 2) * 0.9 + self.random.unit()) * 10).rounded() / 10 : nil
    let mmi = size >= 4 ? (min(10, (size - 1.5) * 1.1 + self.random.unit() * 0.5) * 1_000).rounded() / 1_000 : nil
    let status = size >= 4.5 || self.random.unit() < 0.6 ? "reviewed" : "automatic"
    let updated = time + 60_000 + Int64(self.random.unit() * 1_200_000)
    let distance = 1 + self.random.next(below: 80)
    let bearing = Self.bearings[self.random.next(below: Self.bearings.count)]
    let place = self.random.unit() < 0.003 ? nil : "\(distance) km \(bearing) of \(region.name)"
    var ids = [id]
    if size >= 4, region.network != "us" {
      ids.append("us7000\(String(self.serial, radix: 36))")
    } else if region.network == "us", self.random.unit() < 0.3 {
      ids.insert("usauto\(self.serial)", at: 0)
    }
    return FDSNEvent(
      id: id,
      time: Self.date(time),
      updated: Self.date(updated),
      magnitude: magnitude,
      latitude: latitude,
      longitude: longitude,
      depth: depth,
      place: place,
      eventType: type,
      alert: alert,
      status: status,
      felt: felt,
      cdi: cdi,
      mmi: mmi,
      significance: Int(size * 100 * size / 6.5) + min(felt ?? 0, 2_000) / 10,
      tsunami: region.isOceanic && size >= 6.5,
      network: region.network,
      magnitudeType: magnitude.map { Self.magnitudeType($0, network: region.network) },
      ids: ids)
  }

  /// Mostly shallow; a slab's region has intermediate and deep quakes too.
  private mutating func depth(in region: Region, type: String) -> Double {
    let roll = self.random.unit()
    let depth: Double
    if type != "earthquake" {
      depth = self.random.unit() - 0.5
    } else if roll < 0.8 || !region.isDeep && roll < 0.97 {
      depth = self.random.unit() * 20
    } else if roll < 0.95 || !region.isDeep {
      depth = 20 + self.random.unit() * 100
    } else {
      depth = 120 + self.random.unit() * 580
    }
    return (depth * 100).rounded() / 100
  }

  /// PAGER's level for most quakes of 5 and more, rising with the magnitude.
  private mutating func alert(magnitude: Double, region: Region) -> String? {
    guard magnitude >= 5, self.random.unit() < (region.isPopulated ? 0.8 : 0.4) else { return nil }
    switch magnitude {
    case 7.5...: return "red"
    case 7..<7.5: return "orange"
    case 6.5..<7: return "yellow"
    default: return self.random.unit() < 0.1 ? "yellow" : "green"
    }
  }

  private static func magnitudeType(_ magnitude: Double, network: String) -> String {
    switch magnitude {
    case ..<2 where network == "nc" || network == "hv": "md"
    case ..<4.5: "ml"
    case ..<5.5: "mb"
    default: "mww"
    }
  }

  private static func date(_ milliseconds: Int64) -> Date {
    Date(timeIntervalSince1970: Double(milliseconds) / 1_000)
  }
}
