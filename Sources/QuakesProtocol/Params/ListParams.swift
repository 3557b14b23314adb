import Foundation
public import QuakesModel

/// The params of `quakes.list`. Every field is optional; absent means "any"
/// (or the default order: newest first).
public struct ListParams: Hashable, Sendable, Codable {
  /// Text the place must contain, ignoring case and diacritics.
  public var search: String?
  /// A calendar day, `YYYY-MM-DD`, in ``timeZone``.
  public var day: String?
  /// The IANA time zone of ``day`` (e.g. `Europe/Rome`); UTC by default.
  public var timeZone: String?
  /// The earliest origin time, inclusive, ISO 8601.
  public var since: String?
  /// The latest origin time, exclusive, ISO 8601.
  public var until: String?
  /// The smallest magnitude, inclusive.
  public var minMagnitude: Double?
  /// `time` (default) or `magnitude`.
  public var sort: QuakesQuery.SortKey?
  /// `reverse` (default: newest or largest first) or `forward`.
  public var order: QuakesQuery.Order?
  /// At most this many quakes; all by default.
  public var limit: Int?
  /// How many matches to skip first; 0 by default.
  public var offset: Int?

  /// Creates params; every field is optional.
  public init(
    search: String? = nil, day: String? = nil, timeZone: String? = nil, since: String? = nil, until: String? = nil,
    minMagnitude: Double? = nil, sort: QuakesQuery.SortKey? = nil, order: QuakesQuery.Order? = nil,
    limit: Int? = nil, offset: Int? = nil
  ) {
    self.search = search
    self.day = day
    self.timeZone = timeZone
    self.since = since
    self.until = until
    self.minMagnitude = minMagnitude
    self.sort = sort
    self.order = order
    self.limit = limit
    self.offset = offset
  }

  /// The selector query these params ask for.
  ///
  /// - Throws: ``ErrorCode/invalidRequest`` naming the param and the values it takes.
  public func query() throws(ProtocolError) -> QuakesQuery {
    var filter = QuakesQuery.Filter(search: self.search ?? "", minMagnitude: self.minMagnitude)
    if let day = self.day {
      guard let parsed = QuakesQuery.Day(day) else {
        throw ProtocolError(.invalidRequest, "\"day\" must be a date as YYYY-MM-DD, not \"\(day)\"")
      }
      filter.day = parsed
    }
    if let name = self.timeZone {
      guard let zone = TimeZone(identifier: name) else {
        throw ProtocolError(
          .invalidRequest, "\"timeZone\" must be an IANA time zone such as Europe/Rome or UTC, not \"\(name)\"")
      }
      filter.timeZone = zone
    }
    filter.since = try Self.time(self.since, "since")
    filter.until = try Self.time(self.until, "until")
    if let limit = self.limit, limit < 0 {
      throw ProtocolError(.invalidRequest, "\"limit\" must be 0 or more, not \(limit)")
    }
    if let offset = self.offset, offset < 0 {
      throw ProtocolError(.invalidRequest, "\"offset\" must be 0 or more, not \(offset)")
    }
    if let magnitude = self.minMagnitude, !magnitude.isFinite {
      throw ProtocolError(.invalidRequest, "\"minMagnitude\" must be a finite number")
    }
    return QuakesQuery(
      filter: filter, sort: self.sort ?? .time, order: self.order ?? .reverse, limit: self.limit,
      offset: self.offset ?? 0)
  }

  private static func time(_ text: String?, _ name: String) throws(ProtocolError) -> Date? {
    guard let text else { return nil }
    guard let date = Timestamp.parseISO8601(text) else {
      throw ProtocolError(
        .invalidRequest, "\"\(name)\" must be an ISO 8601 time such as 2024-03-10T12:00:00Z, not \"\(text)\"")
    }
    return date
  }
}
