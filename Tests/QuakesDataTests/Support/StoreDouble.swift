import ImmutableData
import QuakesData

/// A store for listener tests, as in the seed: the test hands the listener
/// each transition itself, and the double records what gets dispatched
/// instead of reducing it.
@StoreActor
final class StoreDouble: Sendable {
  typealias State = QuakesState
  typealias Action = QuakesAction

  let transitions = TransitionsDouble<(oldState: QuakesState, action: QuakesAction, newState: QuakesState)>()
  private(set) var dispatched: [QuakesAction] = []
  var returnState: QuakesState
  /// When set, every dispatched action is refused with this error (as a
  /// reducer that throws, or a store that went away, would refuse it).
  var refusal: (any Error)?

  init(returnState: QuakesState = QuakesState()) {
    self.returnState = returnState
  }
}

extension StoreDouble: ImmutableData.Dispatcher {
  func dispatch(action: QuakesAction) throws {
    if let refusal { throw refusal }
    self.dispatched.append(action)
  }

  func dispatch(thunk: @StoreActor @Sendable (StoreDouble, StoreDouble) throws -> Void) rethrows {
    try thunk(self, self)
  }

  func dispatch(thunk: @Sendable (StoreDouble, StoreDouble) async throws -> Void) async rethrows {
    try await thunk(self, self)
  }
}

extension StoreDouble: ImmutableData.Selector {
  func select<T: Sendable>(_ selector: @Sendable (QuakesState) -> T) -> T {
    selector(self.returnState)
  }
}

extension StoreDouble: ImmutableData.Streamer {
  func makeStream() -> TransitionsDouble<(oldState: QuakesState, action: QuakesAction, newState: QuakesState)> {
    self.transitions
  }
}

extension StoreDouble: ImmutableData.TransitionCounting {
  /// None: the test sends every transition the listener gets, after it listens.
  nonisolated var transitionCount: Int { 0 }
}
