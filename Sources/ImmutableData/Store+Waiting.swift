extension Store {
  /// Dispatches `action`, then waits for the first transition after it whose
  /// action satisfies `isDone` and returns that transition's new state.
  ///
  /// Side effects report back with actions (a listener's thunks dispatch
  /// their results), so this is how a caller waits for the effects of an
  /// action without polling. Returns `nil` if the store goes away first.
  @discardableResult
  public func dispatch(
    action: Action,
    until isDone: (Action) -> Bool
  ) async throws -> State? {
    var transitions = self.makeStream().makeAsyncIterator()
    try self.dispatch(action: action)
    while let transition = await transitions.next() {
      if isDone(transition.action) { return transition.newState }
    }
    return nil
  }
}
