public import FoundationEssentials

/// The parameters of the list selector: which quakes, in which order, which page.
///
/// A query is a value (Hashable), so the daemon can cache a result per query
/// and recompute it only after an action that can change the quakes
/// (QuakesData's `QuakesFilter` says which). It lives in the model, not with
/// the selector, because `quakes.list` params and quakectl name its sort keys
/// and orders too.
public struct QuakesQuery: Hashable, Sendable {
  /// Which quakes match.
  public var filter: Filter
  /// The sort key.
  public var sort: SortKey
  /// Ascending (``Order/forward``) or descending (``Order/reverse``).
  public var order: Order
  /// At most this many quakes in the page; `nil` for all.
  public var limit: Int?
  /// How many matching quakes to skip before the page starts.
  public var offset: Int

  /// Creates a query; by default every quake, newest first.
  public init(
    filter: Filter = Filter(),
    sort: SortKey = .time,
    order: Order = .reverse,
    limit: Int? = nil,
    offset: Int = 0
  ) {
    self.filter = filter
    self.sort = sort
    self.order = order
    self.limit = limit
    self.offset = offset
  }
}

extension QuakesQuery {
  /// The key quakes are sorted by. Ties are broken by id, in the same order,
  /// so a reverse list is exactly the forward one backwards and pages never
  /// overlap.
  public enum SortKey: String, Hashable, Sendable, CaseIterable, Codable {
    /// The origin time.
    case time
    /// The magnitude (unknown magnitudes sort lowest).
    case magnitude
    /// USGS's significance (`sig`; unknown sorts lowest).
    case significance
    /// The depth (unknown sorts lowest).
    case depth
    /// The distance from the filter's ``Filter/near`` centre (without one,
    /// the origin time).
    case distance
  }

  /// The direction of a sort.
  public enum Order: String, Hashable, Sendable, CaseIterable, Codable {
    /// Ascending: oldest or smallest first.
    case forward
    /// Descending: newest or largest first.
    case reverse
  }
}

extension QuakesQuery {
  /// Which quakes a query matches. Every condition set must hold.
  public struct Filter: Hashable, Sendable {
    /// Text the place must contain, ignoring case and diacritics
    /// ("san jose" finds "San José"); empty matches every quake.
    public var search: String
    /// The calendar day, in ``timeZone``, the origin time must fall on.
    public var day: Day?
    /// The time zone of ``day``; UTC by default.
    public var timeZone: TimeZone
    /// The earliest origin time, inclusive.
    public var since: Date?
    /// The latest origin time, exclusive.
    public var until: Date?
    /// A time USGS last changed the quake (`updated`) after, exclusive:
    /// what changed since a client last looked (FDSN's `updatedafter`).
    public var updatedAfter: Date?
    /// The smallest magnitude, inclusive; quakes of unknown magnitude never match.
    public var minMagnitude: Double?
    /// The largest magnitude, inclusive; quakes of unknown magnitude never match.
    public var maxMagnitude: Double?
    /// The smallest depth in km, inclusive; quakes of unknown depth never match.
    public var minDepth: Double?
    /// The largest depth in km, inclusive; quakes of unknown depth never match.
    public var maxDepth: Double?
    /// The lowest PAGER alert level (`yellow` matches yellow, orange and red).
    public var minAlert: AlertLevel?
    /// Exactly this PAGER alert level (FDSN's `alertlevel`).
    public var alert: AlertLevel?
    /// The fewest felt reports.
    public var minFelt: Int?
    /// The smallest community intensity (`cdi`).
    public var minCdi: Double?
    /// The smallest ShakeMap intensity (`mmi`).
    public var minMmi: Double?
    /// The smallest significance (`sig`).
    public var minSignificance: Int?
    /// The tsunami flag the quake must have.
    public var tsunami: Bool?
    /// The review status the quake must have.
    public var reviewStatus: ReviewStatus?
    /// The network of the preferred solution (`net`), in any case.
    public var network: String?
    /// The event type (`earthquake`, `quarry blast`, …), in any case.
    public var eventType: String?
    /// The magnitude type (`ml`, `mww`, …), in any case.
    public var magnitudeType: String?
    /// The circle the epicentre must lie in; its centre is also where
    /// distances and bearings are measured from.
    public var near: GeoCircle?
    /// The box the epicentre must lie in.
    public var bbox: GeoBox?
    /// The region the epicentre must lie in.
    public var within: GeoRegion?

    /// Creates a filter; by default it matches every quake.
    public init(
      search: String = "",
      day: Day? = nil,
      timeZone: TimeZone = .gmt,
      since: Date? = nil,
      until: Date? = nil,
      updatedAfter: Date? = nil,
      minMagnitude: Double? = nil,
      maxMagnitude: Double? = nil,
      minDepth: Double? = nil,
      maxDepth: Double? = nil,
      minAlert: AlertLevel? = nil,
      alert: AlertLevel? = nil,
      minFelt: Int? = nil,
      minCdi: Double? = nil,
      minMmi: Double? = nil,
      minSignificance: Int? = nil,
      tsunami: Bool? = nil,
      reviewStatus: ReviewStatus? = nil,
      network: String? = nil,
      eventType: String? = nil,
      magnitudeType: String? = nil,
      near: GeoCircle? = nil,
      bbox: GeoBox? = nil,
      within: GeoRegion? = nil
    ) {
      self.search = search
      self.day = day
      self.timeZone = timeZone
      self.since = since
      self.until = until
      self.updatedAfter = updatedAfter
      self.minMagnitude = minMagnitude
      self.maxMagnitude = maxMagnitude
      self.minDepth = minDepth
      self.maxDepth = maxDepth
      self.minAlert = minAlert
      self.alert = alert
      self.minFelt = minFelt
      self.minCdi = minCdi
      self.minMmi = minMmi
      self.minSignificance = minSignificance
      self.tsunami = tsunami
      self.reviewStatus = reviewStatus
      self.network = network
      self.eventType = eventType
      self.magnitudeType = magnitudeType
      self.near = near
      self.bbox = bbox
      self.within = within
    }
  }
}

extension QuakesQuery {
  /// A calendar day, `YYYY-MM-DD`.
  public struct Day: Hashable, Sendable, CustomStringConvertible {
    /// The year, e.g. 2021.
    public let year: Int
    /// The month, 1–12.
    public let month: Int
    /// The day of the month, 1–31.
    public let day: Int

    /// Parses `YYYY-MM-DD`; `nil` for anything else or an impossible date.
    public init?(_ text: String) {
      let parts = text.split(separator: "-", omittingEmptySubsequences: false)
      guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
        let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
        (1...12).contains(month),
        (1...Timestamp.daysIn(month: Int64(month), year: Int64(year))).contains(Int64(day))
      else { return nil }
      self.year = year
      self.month = month
      self.day = day
    }

    public var description: String {
      String(printf: "%04d-%02d-%02d", self.year, self.month, self.day)
    }

    /// The instants of this day in `timeZone`: from its midnight, inclusive,
    /// to the next midnight, exclusive (23 or 25 hours on a DST change).
    public func interval(in timeZone: TimeZone) -> Range<Date> {
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = timeZone
      let components = DateComponents(year: self.year, month: self.month, day: self.day)
      let start = calendar.date(from: components) ?? .distantPast
      let end = calendar.date(byAdding: .day, value: 1, to: start) ?? .distantFuture
      return start..<end
    }
  }
}
