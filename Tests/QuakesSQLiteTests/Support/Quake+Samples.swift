import Foundation
import QuakesModel

extension Quake {
  /// A quake for tests: only what a test cares about is named.
  static func sample(
    _ id: String,
    magnitude: Double? = 2.5,
    milliseconds: Int64 = 1_600_000_000_123,
    place: String? = "10 km N of Somewhere, California"
  ) -> Quake {
    Quake(
      id: id, magnitude: magnitude, magnitudeType: "ml",
      time: Timestamp.date(milliseconds: milliseconds),
      updated: Timestamp.date(milliseconds: milliseconds + 60_000),
      place: place, longitude: -122.25, latitude: 37.5, depth: 8.5,
      url: "https://earthquake.usgs.gov/earthquakes/eventpage/\(id)", status: .reviewed,
      eventType: "earthquake")
  }

  /// `count` sample quakes with ids `prefix0`, `prefix1`, …
  static func samples(_ count: Int, prefix: String = "q", version: Int = 0) -> [Quake] {
    (0..<count).map { index in
      Quake(
        id: "\(prefix)\(index)", magnitude: 1 + Double((index + version) % 60) / 10, magnitudeType: "md",
        time: Timestamp.date(milliseconds: 1_600_000_000_000 + Int64(index) * 1_000),
        updated: Timestamp.date(milliseconds: 1_600_000_000_000 + Int64(version) * 60_000),
        place: "version \(version) of quake \(index), 12 km SSW of Pāhala, Hawaii",
        longitude: -155.5, latitude: 19.2, depth: Double(index % 40), url: nil, status: .automatic,
        eventType: "earthquake")
    }
  }

  /// A copy with another place, so that it counts as updated.
  func with(place: String?) -> Quake {
    Quake(
      id: self.id, magnitude: self.magnitude, magnitudeType: self.magnitudeType, time: self.time,
      updated: self.updated.addingTimeInterval(1), place: place, longitude: self.longitude,
      latitude: self.latitude, depth: self.depth, url: self.url, status: self.status,
      eventType: self.eventType, impact: self.impact, solution: self.solution, catalog: self.catalog)
  }
}
