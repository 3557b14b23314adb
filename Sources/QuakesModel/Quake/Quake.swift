public import Foundation

/// One earthquake (or other seismic event) as the cache keeps it.
///
/// The seed's fields (id, magnitude, time, updated, place — the seed's
/// `name` — longitude, latitude) plus what a script wants from a cache of
/// the USGS catalogue: depth, the event page URL, the review status, the
/// magnitude type and the event type.
///
/// A quake is immutable and its fields live in one shared box (the seed uses
/// `@CowBox` for the same reason): copying a quake, sorting an array of them
/// or copying a node of the state's `TreeDictionary` moves one pointer.
public struct Quake: Sendable, Identifiable {
  private let storage: Storage

  /// Creates a quake from its fields.
  ///
  /// - Parameters:
  ///   - id: the USGS event id, e.g. `us7000abcd` (network code + event code).
  ///   - magnitude: the preferred magnitude; `nil` when USGS has none yet.
  ///   - magnitudeType: the method behind `magnitude`, e.g. `ml`, `mb`, `mww`.
  ///   - time: the origin time.
  ///   - updated: when USGS last changed the event.
  ///   - place: a description of the location; opaque text of any length.
  ///   - longitude: degrees east, WGS 84.
  ///   - latitude: degrees north, WGS 84.
  ///   - depth: kilometres below the surface (negative above it).
  ///   - url: the event's page on the USGS website.
  ///   - status: whether a seismologist reviewed the solution.
  ///   - eventType: `earthquake`, `quarry blast`, `explosion`, …
  public init(
    id: String,
    magnitude: Double?,
    magnitudeType: String? = nil,
    time: Date,
    updated: Date,
    place: String?,
    longitude: Double,
    latitude: Double,
    depth: Double? = nil,
    url: String? = nil,
    status: ReviewStatus? = nil,
    eventType: String? = nil
  ) {
    self.storage = Storage(
      id: id, magnitude: magnitude, magnitudeType: magnitudeType, time: time, updated: updated,
      place: place, longitude: longitude, latitude: latitude, depth: depth, url: url,
      status: status, eventType: eventType
    )
  }

  /// The USGS event id, unique in the cache.
  public var id: String { self.storage.id }
  /// The preferred magnitude; `nil` when USGS has none yet.
  public var magnitude: Double? { self.storage.magnitude }
  /// The method behind ``magnitude``, e.g. `ml`, `mb`, `mww`.
  public var magnitudeType: String? { self.storage.magnitudeType }
  /// The origin time.
  public var time: Date { self.storage.time }
  /// When USGS last changed the event.
  public var updated: Date { self.storage.updated }
  /// A description of the location (the seed's `name`).
  public var place: String? { self.storage.place }
  /// Degrees east, WGS 84.
  public var longitude: Double { self.storage.longitude }
  /// Degrees north, WGS 84.
  public var latitude: Double { self.storage.latitude }
  /// Kilometres below the surface (negative above it).
  public var depth: Double? { self.storage.depth }
  /// The event's page on the USGS website.
  public var url: String? { self.storage.url }
  /// Whether a seismologist reviewed the solution.
  public var status: ReviewStatus? { self.storage.status }
  /// `earthquake`, `quarry blast`, `explosion`, …
  public var eventType: String? { self.storage.eventType }
}

extension Quake: Hashable {
  public static func == (lhs: Quake, rhs: Quake) -> Bool {
    lhs.storage === rhs.storage || lhs.storage == rhs.storage
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(self.storage)
  }
}
