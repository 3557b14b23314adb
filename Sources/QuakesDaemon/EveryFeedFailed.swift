/// `quakesd --once` polled no feed successfully (exit status 1).
public struct EveryFeedFailed: Error, CustomStringConvertible {
  public var description: String { "every feed failed; see the messages above" }
}
