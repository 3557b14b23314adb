import FoundationEssentials
public import QuakesModel

/// The params of `quakes.list`: the filter params (``FilterParams``, at the
/// same level of the JSON object), then order and page. Every field is
/// optional; absent means "any" (or the default order: newest first).
public struct ListParams: Hashable, Sendable {
  /// Which quakes.
  public var filter: FilterParams
  /// `time` (default), `magnitude`, `significance`, `depth` or `distance` (with `near`).
  public var sort: QuakesQuery.SortKey?
  /// `reverse` (default: newest or largest first) or `forward`.
  public var order: QuakesQuery.Order?
  /// At most this many quakes; all by default.
  public var limit: Int?
  /// How many matches to skip first; 0 by default.
  public var offset: Int?
  /// Whether the result counts every match (`matched`): a walk over all of
  /// them, where the page reads its own quakes only. By default not, in
  /// protocol version 2; always in version 1.
  public var matched: Bool?

  /// Creates params; every field is optional.
  public init(
    filter: FilterParams = FilterParams(), sort: QuakesQuery.SortKey? = nil, order: QuakesQuery.Order? = nil,
    limit: Int? = nil, offset: Int? = nil, matched: Bool? = nil
  ) {
    self.filter = filter
    self.sort = sort
    self.order = order
    self.limit = limit
    self.offset = offset
    self.matched = matched
  }

  /// The selector query these params ask for.
  ///
  /// - Throws: ``ErrorCode/invalidRequest`` naming the param and the values it takes.
  public func query() throws(ProtocolError) -> QuakesQuery {
    let filter = try self.filter.filter()
    if self.sort == .distance, filter.near == nil {
      throw ProtocolError(.invalidRequest, "\"sort\": \"distance\" needs \"near\", the point to measure from")
    }
    if let limit = self.limit, limit < 0 {
      throw ProtocolError(.invalidRequest, "\"limit\" must be 0 or more, not \(limit)")
    }
    if let offset = self.offset, offset < 0 {
      throw ProtocolError(.invalidRequest, "\"offset\" must be 0 or more, not \(offset)")
    }
    return QuakesQuery(
      filter: filter, sort: self.sort ?? .time, order: self.order ?? .reverse, limit: self.limit,
      offset: self.offset ?? 0)
  }
}

extension ListParams: Codable {
  private enum CodingKeys: String, CodingKey {
    case sort, order, limit, offset, matched
  }

  /// The filter's members and the page's, side by side in one object.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      filter: try FilterParams(from: decoder),
      sort: try container.decodeIfPresent(QuakesQuery.SortKey.self, forKey: .sort),
      order: try container.decodeIfPresent(QuakesQuery.Order.self, forKey: .order),
      limit: try container.decodeIfPresent(Int.self, forKey: .limit),
      offset: try container.decodeIfPresent(Int.self, forKey: .offset),
      matched: try container.decodeIfPresent(Bool.self, forKey: .matched))
  }

  public func encode(to encoder: any Encoder) throws {
    try self.filter.encode(to: encoder)
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeIfPresent(self.sort, forKey: .sort)
    try container.encodeIfPresent(self.order, forKey: .order)
    try container.encodeIfPresent(self.limit, forKey: .limit)
    try container.encodeIfPresent(self.offset, forKey: .offset)
    try container.encodeIfPresent(self.matched, forKey: .matched)
  }
}
