/// Where one delivery of an alert firing to one channel stands.
public enum AlertDeliveryState: String, CaseIterable, Codable, Hashable, Sendable {
  /// Not delivered yet: its first attempt, or a retry, is due.
  case pending
  /// The channel took it (a 2xx answer, an exit status 0).
  case delivered
  /// Given up: a permanent refusal, or the last allowed attempt failed.
  case failed
}
