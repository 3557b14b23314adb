/// Counts the transitions a store has applied.
///
/// Transition *n* is the *n*-th element every stream made before it gets
/// (``Streamer``), so a stream made when the count was *c* gets transitions
/// *c* + 1, *c* + 2, … in order. A listener that numbers what it received
/// so can publish how far its side effects got; a reader that takes the
/// count with the state can wait until they got that far.
public protocol TransitionCounting: Sendable {
  /// How many transitions were applied so far, from any thread.
  nonisolated var transitionCount: Int { get }
}
