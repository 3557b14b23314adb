/// Where one delivery of an alert firing to one channel stands.
public enum AlertDeliveryState: String, CaseIterable, Codable, Hashable, Sendable {
  /// Not delivered yet: its first attempt, or a retry, is due.
  case pending
  /// The channel took it (a 2xx answer, an exit status 0).
  case delivered
  /// Given up: a permanent refusal, or the last allowed attempt failed.
  case failed
  /// Held back by the rule's flood control (its limit, or quiet hours),
  /// until the digest that will list it is due.
  case held
  /// Held back, then listed in a digest (whose own deliveries say how it went).
  case digested
}
