/// The params of `alerts.history`, `alerts.test` and `alerts.send`.
///
/// - `alerts.history`: `rule` and `since` narrow the deliveries, `limit`
///   bounds them (default 100).
/// - `alerts.test`: `rule` is required; `limit` bounds the quakes (default 20).
/// - `alerts.send`: `rule` and `id` (a cached quake) are required.
public struct AlertParams: Hashable, Sendable, Codable {
  /// The rule's name.
  public var rule: String?
  /// Only firings at or after this ISO 8601 time.
  public var since: String?
  /// At most this many deliveries or quakes.
  public var limit: Int?
  /// The quake to send (`alerts.send`).
  public var id: String?

  /// The most `limit` may be.
  public static let maximumLimit = 10000

  /// Creates params.
  public init(rule: String? = nil, since: String? = nil, limit: Int? = nil, id: String? = nil) {
    self.rule = rule
    self.since = since
    self.limit = limit
    self.id = id
  }

  /// ``limit``, checked, or `fallback` when absent.
  ///
  /// - Throws: ``ErrorCode/invalidRequest`` when it is below 1 or above ``maximumLimit``.
  public func checkedLimit(default fallback: Int) throws(ProtocolError) -> Int {
    guard let limit else { return fallback }
    guard (1...Self.maximumLimit).contains(limit) else {
      throw ProtocolError(.invalidRequest, "\"limit\" must be from 1 to \(Self.maximumLimit), not \(limit)")
    }
    return limit
  }

  /// ``rule``, required.
  ///
  /// - Throws: ``ErrorCode/invalidRequest`` when it is absent.
  public func requiredRule(for method: Method) throws(ProtocolError) -> String {
    guard let rule, !rule.isEmpty else {
      throw ProtocolError(.invalidRequest, "\(method.rawValue) needs \"rule\": the name of an alert rule")
    }
    return rule
  }
}
