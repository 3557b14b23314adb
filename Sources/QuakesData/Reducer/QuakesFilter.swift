/// Says in O(1) whether an action can change the cached quakes, so that a
/// cached selector result (a list page, a count) is recomputed only then.
public enum QuakesFilter {
  /// `true` for exactly the actions after which the cached quakes may
  /// differ, in the state or only in the local store (they move
  /// ``QuakesState/Quakes/revision``): deletes, purges, the retention
  /// rules' removal, successful loads, successful feed fetches, written
  /// FDSN windows and a leader's changes a follower takes in. Refreshes, failures, `304`s and other reports never do.
  public static func filterQuakes() -> @Sendable (QuakesState, QuakesAction) -> Bool {
    { _, action in
      switch action {
      case .client(.delete), .client(.purge):
        true
      case .data(.persistentSession(.localStore(.didFetchQuakes(result: .success)))),
        .data(.persistentSession(.localStore(.didReloadQuakes(result: .success)))),
        .data(.persistentSession(.remoteStore(.didFetchQuakes(feed: _, date: _, result: .success)))),
        .data(.persistentSession(.localStore(.didWriteHistory))),
        .data(.persistentSession(.localStore(.didExpireQuakes))),
        .data(.persistentSession(.localStore(.didFollowChanges))):
        true
      case .daemon, .client(.refresh), .scheduler(.pollDue), .scheduler(.retentionDue),
        .client(.backfill), .client(.cancelBackfill), .scheduler(.reconcileDue),
        .data(.persistentSession(.remoteStore(.didFetchHistory(job: _, window: _, date: _, result: .success)))),
        .data(.persistentSession(.remoteStore(.didCountHistory))),
        .data(.persistentSession(.remoteStore(.didFetchHistory(job: _, window: _, date: _, result: .tooManyEvents)))),
        .data(.persistentSession(.remoteStore(.didFetchHistory(job: _, window: _, date: _, result: .failure)))),
        .data(.persistentSession(.localStore(.didFetchQuakes(result: .failure)))),
        .data(.persistentSession(.localStore(.didReloadQuakes(result: .failure)))),
        .data(.persistentSession(.localStore(.didWriteRemoteQuakes))),
        .data(.persistentSession(.localStore(.didFailMutation))),
        .data(.persistentSession(.remoteStore(.didFetchQuakes(feed: _, date: _, result: .notModified)))),
        .data(.persistentSession(.remoteStore(.didFetchQuakes(feed: _, date: _, result: .failure)))):
        false
      }
    }
  }
}
