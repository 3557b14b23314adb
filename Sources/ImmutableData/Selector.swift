/// Computes values from the current state.
///
/// A selector is a pure function of the state. On the store's actor,
/// ``select(_:)`` reads the latest state; anywhere else, take a
/// ``Store/snapshot()`` and apply the selector to it.
public protocol Selector<State>: Sendable {
  /// The immutable value selectors read.
  associatedtype State: Sendable

  /// Applies `selector` to the current state.
  @StoreActor func select<T: Sendable>(_ selector: @Sendable (Self.State) -> T) -> T
}

extension Selector {
  /// The current state.
  @StoreActor public var state: State {
    self.select { state in state }
  }
}
