import Synchronization

/// Holds the current state, runs the reducer for each action, and streams
/// every transition to listeners.
///
/// Transitions are serialized on ``StoreActor``. The current state is also
/// published behind a lock, so any thread (a socket's event loop, say) can
/// take it as an immutable ``snapshot()`` in O(1) and compute on it without
/// waiting for the store. With persistent collections in the state
/// (`TreeDictionary`), that snapshot shares its storage with the store's state.
///
/// Transitions are numbered from 1 as they are applied
/// (``TransitionCounting``): a listener that writes each transition's side
/// effects can say how far it got, and a reader can wait for it to get as
/// far as the state it saw.
@StoreActor
public final class Store<State: Sendable, Action: Sendable>: Sendable {
  private struct Current {
    var state: State
    var transitionCount = 0
  }

  private let registrar = StreamRegistrar<(oldState: State, action: Action, newState: State)>()
  private let current: Mutex<Current>
  private let reducer: @Sendable (State, Action) throws -> State

  /// Creates a store with `state` and the pure function `reducer`.
  public init(
    initialState state: State,
    reducer: @escaping @Sendable (State, Action) throws -> State
  ) {
    self.current = Mutex(Current(state: state))
    self.reducer = reducer
  }

  /// The current state, from any thread, without waiting for the store's actor.
  public nonisolated func snapshot() -> State {
    self.current.withLock { $0.state }
  }

  /// The current state and the number of transitions that made it, read together.
  public nonisolated func countedSnapshot() -> (state: State, transitionCount: Int) {
    self.current.withLock { ($0.state, $0.transitionCount) }
  }

  /// The number of streams whose consumers are still there.
  package var streamCount: Int { self.registrar.count }
}

extension Store: Dispatcher {
  public func dispatch(action: Action) throws {
    let oldState = self.snapshot()
    let newState = try self.reducer(oldState, action)
    self.current.withLock {
      $0.state = newState
      $0.transitionCount += 1
    }
    self.registrar.yield((oldState: oldState, action: action, newState: newState))
  }

  public func dispatch(thunk: @StoreActor @Sendable (Store, Store) throws -> Void) rethrows {
    try thunk(self, self)
  }

  public func dispatch(thunk: @Sendable (Store, Store) async throws -> Void) async rethrows {
    try await thunk(self, self)
  }
}

extension Store: Selector {
  public func select<T: Sendable>(_ selector: @Sendable (State) -> T) -> T {
    selector(self.snapshot())
  }
}

extension Store: Streamer {
  public func makeStream() -> AsyncStream<(oldState: State, action: Action, newState: State)> {
    self.registrar.makeStream()
  }
}

extension Store: TransitionCounting {
  public nonisolated var transitionCount: Int {
    self.current.withLock { $0.transitionCount }
  }
}
