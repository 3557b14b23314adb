public import Foundation

/// A made-up but realistic earthquake catalogue for the offline demo: quakes
/// over the last 30 days in real seismic regions, magnitudes distributed as
/// in nature (many small, few large: Gutenberg–Richter with b = 1), a few
/// quarry blasts and explosions, some without a magnitude or a place, as
/// USGS data has. Every feature carries the full set of properties USGS
/// sends (felt reports, alert level, network, station counts, title, …), so
/// the benchmarks' synthetic feeds have the size and shape of real ones.
/// Deterministic for a seed, so demos, docs and benchmarks repeat.
public struct SampleCatalogue: Sendable {
  private struct Region {
    var name: String
    var latitude: Double
    var longitude: Double
    var network: String
  }

  private struct Event {
    var id: String
    var time: Date
    var magnitude: Double?
    var place: String?
    var latitude: Double
    var longitude: Double
    var depth: Double
    var type: String
    var network: String
    /// The number in the id, also the seed of the made-up station figures.
    var serial: Int
  }

  private static let regions: [Region] = [
    Region(name: "The Geysers, CA", latitude: 38.79, longitude: -122.76, network: "nc"),
    Region(name: "Ridgecrest, CA", latitude: 35.70, longitude: -117.50, network: "ci"),
    Region(name: "Anchorage, Alaska", latitude: 61.30, longitude: -149.90, network: "ak"),
    Region(name: "Pāhala, Hawaii", latitude: 19.20, longitude: -155.48, network: "hv"),
    Region(name: "Tokyo, Japan", latitude: 35.60, longitude: 140.10, network: "us"),
    Region(name: "Santiago, Chile", latitude: -33.40, longitude: -71.00, network: "us"),
    Region(name: "Ponce, Puerto Rico", latitude: 17.95, longitude: -66.85, network: "pr"),
    Region(name: "Yellowstone, Wyoming", latitude: 44.60, longitude: -110.70, network: "uu"),
    Region(name: "San José, Costa Rica", latitude: 9.90, longitude: -84.10, network: "us"),
    Region(name: "Reykjavík, Iceland", latitude: 63.90, longitude: -22.30, network: "us"),
  ]

  private var events: [Event] = []
  private var random: SplitMix64
  private var nextSerial: Int

  /// Creates `count` quakes over the 30 days before `now`.
  ///
  /// Ids are a network code and a serial number counting from
  /// `firstSerial` (`nc70000000`, …), so they are unique within a catalogue;
  /// catalogues whose serial ranges do not overlap have no id in common.
  public init(count: Int = 3_000, now: Date = Date(), seed: UInt64 = 2_024, firstSerial: Int = 70_000_000) {
    self.random = SplitMix64(seed: seed)
    self.nextSerial = firstSerial
    for _ in 0..<count {
      self.events.append(self.makeEvent(at: now.addingTimeInterval(-self.random.unit() * 30 * 86_400)))
    }
  }

  /// Adds one quake that happened at `date` (the demo adds one a minute).
  public mutating func addQuake(at date: Date) {
    self.events.append(self.makeEvent(at: date))
  }

  /// The body of the summary feed `all_PERIOD` (`all_hour`, `all_day`,
  /// `all_week`, `all_month`) as of `now`.
  public func feedBody(period: String, now: Date) -> String? {
    let days: Double
    switch period {
    case "hour": days = 1.0 / 24
    case "day": days = 1
    case "week": days = 7
    case "month": days = 30
    default: return nil
    }
    let start = now.addingTimeInterval(-days * 86_400)
    let features = self.events.filter { $0.time >= start && $0.time <= now }.sorted { $0.time > $1.time }.map(
      Self.feature)
    let generated = Int64(now.timeIntervalSince1970 * 1_000)
    return """
      {"type":"FeatureCollection","metadata":{"generated":\(generated),\
      "url":"https://earthquake.usgs.gov/earthquakes/feed/v1.0/summary/all_\(period).geojson",\
      "title":"USGS All Earthquakes, Past \(period.capitalized) (offline sample)","status":200,"api":"1.10.3",\
      "count":\(features.count)},"features":[\(features.joined(separator: ","))]}
      """
  }

  private mutating func makeEvent(at time: Date) -> Event {
    let region = Self.regions[Int(self.random.next() % UInt64(Self.regions.count))]
    defer { self.nextSerial += 1 }
    // Gutenberg–Richter with b = 1 above magnitude 0.5: P(M > m) = 10^-(m - 0.5).
    let magnitude = min(8.5, 0.5 - log10(max(1e-9, 1 - self.random.unit())))
    let latitude = region.latitude + (self.random.unit() - 0.5) * 1.2
    let longitude = region.longitude + (self.random.unit() - 0.5) * 1.2
    let roll = self.random.unit()
    let type = roll < 0.02 ? "quarry blast" : roll < 0.03 ? "explosion" : "earthquake"
    let distance = Int(self.random.next() % 60) + 1
    let bearing = ["N", "NNE", "NE", "E", "SE", "S", "SW", "W", "NW"][Int(self.random.next() % 9)]
    return Event(
      id: "\(region.network)\(self.nextSerial)",
      time: time,
      magnitude: self.random.unit() < 0.01 ? nil : (magnitude * 100).rounded() / 100,
      place: self.random.unit() < 0.005 ? nil : "\(distance) km \(bearing) of \(region.name)",
      latitude: (latitude * 10_000).rounded() / 10_000,
      longitude: (longitude * 10_000).rounded() / 10_000,
      depth: (self.random.unit() * 40 * 100).rounded() / 100,
      type: type,
      network: region.network,
      serial: self.nextSerial)
  }

  private static func feature(_ event: Event) -> String {
    let time = Int64(event.time.timeIntervalSince1970 * 1_000)
    let magnitude = event.magnitude ?? 0
    let felt = magnitude >= 3.5
    // Stand-ins for the station and quality figures; they vary with the serial so rows differ.
    let stations = 8 + event.serial % 90
    return """
      {"type":"Feature","properties":{"mag":\(event.magnitude.map { "\($0)" } ?? "null"),\
      "place":\(event.place.map { "\"\($0)\"" } ?? "null"),"time":\(time),"updated":\(time + 120_000),"tz":null,\
      "url":"https://earthquake.usgs.gov/earthquakes/eventpage/\(event.id)",\
      "detail":"https://earthquake.usgs.gov/earthquakes/feed/v1.0/detail/\(event.id).geojson",\
      "felt":\(felt ? "\(event.serial % 400)" : "null"),"cdi":\(felt ? "\(Double(event.serial % 50) / 10)" : "null"),\
      "mmi":\(felt ? "\(Double(event.serial % 60) / 10)" : "null"),"alert":\(magnitude >= 5.5 ? "\"green\"" : "null"),\
      "status":"\(event.serial % 3 == 0 ? "reviewed" : "automatic")","tsunami":0,"sig":\(Int(magnitude * magnitude * 10)),\
      "net":"\(event.network)","code":"\(event.serial)","ids":",\(event.id),","sources":",\(event.network),",\
      "types":",nearby-cities,origin,phase-data,scitech-link,","nst":\(stations),"dmin":\(Double(event.serial % 997) / 10_000),\
      "rms":\(Double(event.serial % 89) / 100),"gap":\(40 + event.serial % 200),"magType":"\(magnitude >= 4 ? "mb" : "ml")",\
      "type":"\(event.type)","title":"M \(String(format: "%.1f", magnitude)) - \(event.place ?? "unknown")"},\
      "geometry":{"type":"Point","coordinates":[\(event.longitude),\(event.latitude),\(event.depth)]},"id":"\(event.id)"}
      """
  }
}
