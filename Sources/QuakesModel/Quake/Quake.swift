public import FoundationEssentials

/// One earthquake (or other seismic event) as the cache keeps it.
///
/// Every property of a USGS summary feature: the seed's fields (id,
/// magnitude, time, updated, place — the seed's `name` — longitude,
/// latitude), depth, the event page URL, the review status, the magnitude
/// type and the event type, and the rest grouped by what they are about:
/// ``impact`` (felt reports, intensities, alert, tsunami, significance),
/// ``solution`` (stations, distance, residual, gap) and ``catalog`` (title,
/// network and code, ids, sources, products, detail URL, time-zone offset).
/// A value USGS did not send is `nil`.
///
/// A quake is immutable and its fields live in one shared box (the seed uses
/// `@CowBox` for the same reason): copying a quake, sorting an array of them
/// or copying a node of the state's `TreeDictionary` moves one pointer.
public struct Quake: Sendable, Identifiable {
  let storage: Storage

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
  ///   - impact: felt reports, intensities, PAGER alert, tsunami flag, significance.
  ///   - solution: how well the location is constrained.
  ///   - catalog: title, network and code, ids, sources, products, links.
  ///
  /// A value of `impact`, `solution` or `catalog` outside ``QuakeRanges`` is
  /// kept as `nil`.
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
    eventType: String? = nil,
    impact: QuakeImpact = .unknown,
    solution: QuakeSolution = .unknown,
    catalog: QuakeCatalogEntry = .unknown
  ) {
    self.init(
      id: id, magnitude: magnitude, magnitudeType: magnitudeType, time: time, updated: updated, place: place,
      longitude: longitude, latitude: latitude, depth: depth,
      url: DerivedText(url, standard: Self.standardURL(id: id)), status: status, eventType: eventType,
      impact: impact, solution: solution, catalog: catalog,
      title: DerivedText(catalog.title, standard: Self.standardTitle(magnitude: magnitude, place: place)),
      ids: DerivedText(catalog.ids?.text, standard: Self.standardIds(id: id)),
      detail: DerivedText(catalog.detail, standard: Self.standardDetail(id: id)))
  }

  /// Creates a quake whose patterned texts were already recognised (the
  /// feed decoder's path, which recognises them in the body's bytes); the
  /// `title`, `ids` and `detail` of `catalog` are not read.
  package init(
    id: String, magnitude: Double?, magnitudeType: String?, time: Date, updated: Date, place: String?,
    longitude: Double, latitude: Double, depth: Double?, url: DerivedText, status: ReviewStatus?,
    eventType: String?, impact: QuakeImpact, solution: QuakeSolution, catalog: QuakeCatalogEntry,
    title: DerivedText, ids: DerivedText, detail: DerivedText
  ) {
    self.storage = Storage(
      id: id, magnitude: magnitude, magnitudeType: magnitudeType, time: time, updated: updated,
      place: place, longitude: longitude, latitude: latitude, depth: depth, url: url,
      status: status, eventType: eventType, impact: impact, solution: solution, catalog: catalog,
      title: title, ids: ids, detail: detail
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
  public var url: String? { self.storage.url.text(standard: Self.standardURL(id: self.id)) }
  /// Whether a seismologist reviewed the solution.
  public var status: ReviewStatus? { self.storage.status }
  /// `earthquake`, `quarry blast`, `explosion`, …
  public var eventType: String? { self.storage.eventType }
  /// Felt reports, intensities, PAGER alert, tsunami flag and significance.
  public var impact: QuakeImpact { self.storage.impact }
  /// How well the location is constrained.
  public var solution: QuakeSolution { self.storage.solution }
  /// Title, network and code, ids, sources, products, detail URL and time-zone offset.
  public var catalog: QuakeCatalogEntry {
    self.storage.catalog(id: self.id, magnitude: self.magnitude, place: self.place)
  }

  /// The network of ``catalog`` alone, without building the rest of it
  /// (a filter asks it of every quake).
  package var network: String? { self.storage.network }

  /// The values of ``impact`` one at a time, without building the rest of
  /// it (a filter, or an alert rule, asks one of every quake).
  package var felt: Int? { self.storage.felt.value }
  package var cdi: Double? { self.storage.cdi.value }
  package var mmi: Double? { self.storage.mmi.value }
  package var alert: AlertLevel? { self.storage.alert }
  package var tsunami: Bool? { self.storage.tsunami }
  package var significance: Int? { self.storage.significance.value }
}

extension Quake: Hashable {
  public static func == (lhs: Quake, rhs: Quake) -> Bool {
    lhs.storage === rhs.storage || lhs.storage == rhs.storage
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(self.storage)
  }
}
