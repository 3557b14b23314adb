public import Foundation
public import QuakesModel

/// The params of `backfill.start`: the filter params (``FilterParams``, at
/// the same level of the JSON object; `since` is required) and `alert`, an
/// exact PAGER level (FDSN's `alertlevel`).
public struct BackfillParams: Hashable, Sendable {
  /// Which events; only the filters the FDSN service applies are accepted.
  public var filter: FilterParams
  /// Exactly this PAGER alert level: `green`, `yellow`, `orange` or `red`.
  public var alert: String?

  /// Creates params.
  public init(filter: FilterParams = FilterParams(), alert: String? = nil) {
    self.filter = filter
    self.alert = alert
  }

  /// The FDSN query these params ask for; `until` defaults to `now`.
  ///
  /// - Throws: ``ErrorCode/invalidRequest`` naming the param: `since`
  ///   missing, a span that is empty or in the future, a filter FDSN cannot
  ///   apply, or a bad value.
  public func query(now: Date) throws(ProtocolError) -> HistoryQuery {
    guard self.filter.since != nil else {
      throw ProtocolError(.invalidRequest, "backfill.start needs \"since\": the earliest origin time to fetch")
    }
    let filter = try self.filter.filter()
    var level: AlertLevel?
    if let word = self.alert {
      guard let parsed = AlertLevel(word: word) else {
        throw ProtocolError(
          .invalidRequest,
          "\"alert\" must be one of \(AlertLevel.allCases.map(\.rawValue).joined(separator: ", ")), not \"\(word)\"")
      }
      level = parsed
    }
    guard let since = filter.since else {
      throw ProtocolError(.invalidRequest, "backfill.start needs \"since\": the earliest origin time to fetch")
    }
    let until = min(filter.until ?? now, now)
    do {
      var query = try HistoryQuery(since: since, until: until, filter: filter, alertLevel: level)
      query.isOpenEnded = filter.until == nil || filter.until.map { $0 > now } == true
      return query
    } catch {
      throw ProtocolError(.invalidRequest, error.description)
    }
  }
}

extension BackfillParams: Codable {
  private enum CodingKeys: String, CodingKey {
    case alert
  }

  /// The filter's members and `alert`, side by side in one object.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      filter: try FilterParams(from: decoder), alert: try container.decodeIfPresent(String.self, forKey: .alert))
  }

  public func encode(to encoder: any Encoder) throws {
    try self.filter.encode(to: encoder)
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeIfPresent(self.alert, forKey: .alert)
  }
}
