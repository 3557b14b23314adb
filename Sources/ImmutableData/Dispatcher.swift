/// Runs actions through a reducer and runs thunks (side effects).
///
/// As in the ImmutableData guide: an action is a value that the reducer turns
/// into the next state; a thunk is a closure handed a dispatcher and a
/// selector, so that side effects can read state and dispatch results.
public protocol Dispatcher<State, Action>: Sendable {
  /// The immutable value the reducer produces.
  associatedtype State: Sendable
  /// The values that describe what happened.
  associatedtype Action: Sendable
  /// The dispatcher handed to thunks.
  associatedtype Dispatcher: ImmutableData.Dispatcher<Self.State, Self.Action>
  /// The selector handed to thunks.
  associatedtype Selector: ImmutableData.Selector<Self.State>

  /// Runs the reducer on the current state and `action`, then tells every
  /// stream about the transition.
  ///
  /// - Throws: what the reducer throws; the state is then left unchanged and
  ///   no stream hears of the action.
  @StoreActor func dispatch(action: Action) throws

  /// Runs a synchronous thunk on the store's actor: it may dispatch and
  /// select synchronously, as in the guide.
  @StoreActor func dispatch(
    thunk: @StoreActor @Sendable (Self.Dispatcher, Self.Selector) throws -> Void
  ) rethrows

  /// Runs an asynchronous thunk; it may suspend (for I/O) and dispatch later.
  @StoreActor func dispatch(
    thunk: @Sendable (Self.Dispatcher, Self.Selector) async throws -> Void
  ) async rethrows
}
