import FoundationEssentials

extension Quake {
  /// The shared, immutable box behind a ``Quake``.
  ///
  /// It is what a cached quake costs in memory, so it is packed: an optional
  /// number takes its own width (``PackedDouble``, ``PackedInteger``), and
  /// the texts USGS writes to one pattern — the event page and detail URLs
  /// and the `ids` list from the id, the title from magnitude and place —
  /// are kept as "standard" when they follow it (``DerivedText``).
  final class Storage: Sendable, Hashable {
    let id: String
    let magnitude: Double?
    let magnitudeType: String?
    let time: Date
    let updated: Date
    let place: String?
    let longitude: Double
    let latitude: Double
    let depth: Double?
    let url: DerivedText
    let status: ReviewStatus?
    let eventType: String?

    // Impact
    let felt: PackedInteger
    let significance: PackedInteger
    let cdi: PackedDouble
    let mmi: PackedDouble
    let alert: AlertLevel?
    let tsunami: Bool?

    // Solution
    let stationCount: PackedInteger
    let minimumDistance: PackedDouble
    let rootMeanSquare: PackedDouble
    let azimuthalGap: PackedDouble

    // Catalogue
    let timeZoneOffset: PackedInteger
    let title: DerivedText
    let network: String?
    let code: String?
    let ids: DerivedText
    let sources: CommaWrappedList?
    let productTypes: CommaWrappedList?
    let detail: DerivedText

    init(
      id: String, magnitude: Double?, magnitudeType: String?, time: Date, updated: Date,
      place: String?, longitude: Double, latitude: Double, depth: Double?, url: DerivedText,
      status: ReviewStatus?, eventType: String?, impact: QuakeImpact, solution: QuakeSolution,
      catalog: QuakeCatalogEntry, title: DerivedText, ids: DerivedText, detail: DerivedText
    ) {
      self.id = id
      self.magnitude = magnitude
      self.magnitudeType = magnitudeType
      self.time = time
      self.updated = updated
      self.place = place
      self.longitude = longitude
      self.latitude = latitude
      self.depth = depth
      self.url = url
      self.status = status
      self.eventType = eventType

      self.felt = PackedInteger(impact.felt, in: QuakeRanges.felt)
      self.significance = PackedInteger(impact.significance, in: QuakeRanges.significance)
      self.cdi = PackedDouble(impact.cdi, in: QuakeRanges.intensity)
      self.mmi = PackedDouble(impact.mmi, in: QuakeRanges.intensity)
      self.alert = impact.alert
      self.tsunami = impact.tsunami

      self.stationCount = PackedInteger(solution.stationCount, in: QuakeRanges.stationCount)
      self.minimumDistance = PackedDouble(solution.minimumDistance, in: QuakeRanges.minimumDistance)
      self.rootMeanSquare = PackedDouble(solution.rootMeanSquare, in: QuakeRanges.rootMeanSquare)
      self.azimuthalGap = PackedDouble(solution.azimuthalGap, in: QuakeRanges.azimuthalGap)

      self.timeZoneOffset = PackedInteger(catalog.timeZoneOffset, in: QuakeRanges.timeZoneOffset)
      self.title = title
      self.network = catalog.network
      self.code = catalog.code
      self.ids = ids
      self.sources = catalog.sources
      self.productTypes = catalog.productTypes
      self.detail = detail
    }

    var impact: QuakeImpact {
      QuakeImpact(
        felt: self.felt.value, cdi: self.cdi.value, mmi: self.mmi.value, alert: self.alert, tsunami: self.tsunami,
        significance: self.significance.value)
    }

    var solution: QuakeSolution {
      QuakeSolution(
        stationCount: self.stationCount.value, minimumDistance: self.minimumDistance.value,
        rootMeanSquare: self.rootMeanSquare.value, azimuthalGap: self.azimuthalGap.value)
    }

    func catalog(id: String, magnitude: Double?, place: String?) -> QuakeCatalogEntry {
      QuakeCatalogEntry(
        title: self.title.text(standard: Quake.standardTitle(magnitude: magnitude, place: place)),
        network: self.network,
        code: self.code,
        ids: self.ids.text(standard: Quake.standardIds(id: id)).map(CommaWrappedList.init(text:)),
        sources: self.sources,
        productTypes: self.productTypes,
        detail: self.detail.text(standard: Quake.standardDetail(id: id)),
        timeZoneOffset: self.timeZoneOffset.value)
    }

    static func == (lhs: Storage, rhs: Storage) -> Bool {
      lhs.id == rhs.id && lhs.magnitude == rhs.magnitude && lhs.magnitudeType == rhs.magnitudeType
        && lhs.time == rhs.time && lhs.updated == rhs.updated && lhs.place == rhs.place
        && lhs.longitude == rhs.longitude && lhs.latitude == rhs.latitude && lhs.depth == rhs.depth
        && lhs.url == rhs.url && lhs.status == rhs.status && lhs.eventType == rhs.eventType
        && lhs.felt == rhs.felt && lhs.significance == rhs.significance && lhs.cdi == rhs.cdi
        && lhs.mmi == rhs.mmi && lhs.alert == rhs.alert && lhs.tsunami == rhs.tsunami
        && lhs.stationCount == rhs.stationCount && lhs.minimumDistance == rhs.minimumDistance
        && lhs.rootMeanSquare == rhs.rootMeanSquare && lhs.azimuthalGap == rhs.azimuthalGap
        && lhs.timeZoneOffset == rhs.timeZoneOffset && lhs.title == rhs.title && lhs.network == rhs.network
        && lhs.code == rhs.code && lhs.ids == rhs.ids && lhs.sources == rhs.sources
        && lhs.productTypes == rhs.productTypes && lhs.detail == rhs.detail
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(self.id)
      hasher.combine(self.magnitude)
      hasher.combine(self.time)
      hasher.combine(self.updated)
      hasher.combine(self.place)
      hasher.combine(self.longitude)
      hasher.combine(self.latitude)
    }
  }
}
