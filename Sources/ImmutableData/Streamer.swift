/// Streams every state transition to listeners.
///
/// The guide's element is `(oldState, action)`, and its listeners read the
/// new state from the store when they get there. A listener that awaits
/// side effects may get there after later actions ran, so here each element
/// also carries the state the action produced: `(oldState, action, newState)`.
/// Both states are O(1) snapshots (see ``Store``).
public protocol Streamer<State, Action>: Sendable {
  /// The immutable value the reducer produces.
  associatedtype State: Sendable
  /// The values that describe what happened.
  associatedtype Action: Sendable
  /// An asynchronous sequence of transitions, in dispatch order.
  associatedtype Stream: AsyncSequence, Sendable
  where Self.Stream.Element == (oldState: Self.State, action: Self.Action, newState: Self.State)

  /// A new stream of every transition from now on. It ends when the consumer
  /// stops iterating (or its task is cancelled), or when the store goes away.
  @StoreActor func makeStream() -> Self.Stream
}
