/// How `quakes.refresh` went for one feed: `started` or `running` without
/// `wait`; `written`, `notModified` or `failed` with it.
public enum RefreshOutcome: String, CaseIterable, Hashable, Sendable, Codable {
  /// A fetch was started.
  case started
  /// The feed was being fetched already: the refresh joined that fetch.
  case running
  /// The batch was written; the entry carries its counts.
  case written
  /// Nothing new: a `304`, or a batch already applied.
  case notModified
  /// The fetch or the write failed; the entry carries why.
  case failed
}
