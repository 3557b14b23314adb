public import FoundationEssentials
public import QuakesModel

/// The params of `backfill.start`: the filter params (``FilterParams``, at
/// the same level of the JSON object; `since` is required). `alert`, an
/// exact PAGER level, is FDSN's `alertlevel`.
public struct BackfillParams: Hashable, Sendable {
  /// Which events; only the filters the FDSN service applies are accepted.
  public var filter: FilterParams

  /// Creates params.
  public init(filter: FilterParams = FilterParams()) {
    self.filter = filter
  }

  /// The FDSN query these params ask for; `until` defaults to `now`.
  ///
  /// - Throws: ``ErrorCode/invalidRequest`` naming the param: `since`
  ///   missing, a span that is empty or in the future, a filter FDSN cannot
  ///   apply, or a bad value.
  public func query(now: Date) throws(ProtocolError) -> HistoryQuery {
    let filter = try self.filter.filter()
    guard let since = filter.since else {
      throw ProtocolError(.invalidRequest, "backfill.start needs \"since\": the earliest origin time to fetch")
    }
    let until = min(filter.until ?? now, now)
    do {
      var query = try HistoryQuery(since: since, until: until, filter: filter)
      query.isOpenEnded = filter.until == nil || filter.until.map { $0 > now } == true
      return query
    } catch {
      throw ProtocolError(.invalidRequest, error.description)
    }
  }
}

extension BackfillParams: Codable {
  /// The filter's members, in one object.
  public init(from decoder: any Decoder) throws {
    self.init(filter: try FilterParams(from: decoder))
  }

  public func encode(to encoder: any Encoder) throws {
    try self.filter.encode(to: encoder)
  }
}
