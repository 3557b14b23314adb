import ImmutableData
import Testing

/// A counter, the smallest domain: its reducer adds, and refuses negatives.
private enum Counter {
  enum Action: Hashable, Sendable {
    case add(Int)
  }

  struct Negative: Error, Equatable {}

  @Sendable static func reduce(state: Int, action: Action) throws -> Int {
    switch action {
    case .add(let amount):
      guard amount >= 0 else { throw Negative() }
      return state + amount
    }
  }
}

@Suite("Store: dispatch, thunks, selectors, streams", .timeLimit(.minutes(3)))
@StoreActor
struct StoreTests {
  private let store = Store<Int, Counter.Action>(initialState: 0, reducer: Counter.reduce)

  @Test("dispatching an action runs the reducer and yields (old, action, new) to every stream")
  func dispatchYieldsTransitionToEveryStream() async throws {
    var first = self.store.makeStream().makeAsyncIterator()
    var second = self.store.makeStream().makeAsyncIterator()

    try self.store.dispatch(action: .add(2))
    try self.store.dispatch(action: .add(3))

    #expect(self.store.state == 5)
    for _ in 0..<2 {
      let one = await first.next()
      let other = await second.next()
      #expect(one?.action == other?.action)
      #expect(one?.oldState == other?.oldState)
    }
    var third = self.store.makeStream().makeAsyncIterator()
    try self.store.dispatch(action: .add(1))
    let transition = try #require(await third.next())
    #expect(transition.oldState == 5)
    #expect(transition.action == .add(1))
    #expect(transition.newState == 6)
  }

  @Test("a throwing reducer leaves the state unchanged and no stream hears of the action")
  func throwingReducerChangesNothing() async throws {
    var stream = self.store.makeStream().makeAsyncIterator()
    try self.store.dispatch(action: .add(1))

    #expect(throws: Counter.Negative()) { try self.store.dispatch(action: .add(-5)) }
    try self.store.dispatch(action: .add(2))

    #expect(self.store.state == 3)
    #expect(await stream.next()?.action == .add(1))
    #expect(await stream.next()?.action == .add(2))
  }

  @Test("transitions are counted from 1 as applied, with the state they made; a refused action is not one")
  func transitionsAreCounted() throws {
    #expect(self.store.transitionCount == 0)
    try self.store.dispatch(action: .add(4))
    #expect(throws: Counter.Negative()) { try self.store.dispatch(action: .add(-1)) }
    try self.store.dispatch(action: .add(0))
    let (state, count) = self.store.countedSnapshot()
    #expect(state == 4)
    #expect(count == 2, "an action that changes nothing is a transition too: streams get it")
    #expect(self.store.transitionCount == 2)
  }

  @Test("a synchronous thunk gets a dispatcher and a selector of the store")
  func synchronousThunk() throws {
    try self.store.dispatch { dispatcher, selector in
      try dispatcher.dispatch(action: .add(4))
      let value = selector.select { $0 * 10 }
      try dispatcher.dispatch(action: .add(value))
    }
    #expect(self.store.state == 44)
  }

  @Test("an asynchronous thunk may suspend and dispatch afterwards")
  func asynchronousThunk() async throws {
    try await self.store.dispatch { dispatcher, selector in
      await Task.yield()
      try await dispatcher.dispatch(action: .add(7))
      #expect(await selector.state == 7)
    }
    #expect(self.store.state == 7)
  }

  @Test("a snapshot is the current state, readable off the store's actor, and never changes")
  func snapshotIsImmutableAndReadableAnywhere() async throws {
    try self.store.dispatch(action: .add(1))
    let store = self.store
    let before = await Task.detached { store.snapshot() }.value

    try self.store.dispatch(action: .add(1))

    #expect(before == 1)
    #expect(await Task.detached { store.snapshot() }.value == 2)
  }

  @Test("a stream whose consumer is cancelled is dropped from the store")
  func cancelledConsumerFreesItsStream() async throws {
    let stream = self.store.makeStream()
    let consumer = Task {
      for await _ in stream {}
    }
    #expect(self.store.streamCount == 1)

    consumer.cancel()
    await consumer.value

    #expect(self.store.streamCount == 0)
    try self.store.dispatch(action: .add(1))
    #expect(self.store.state == 1)
  }

  @Test("a consumer that stops iterating frees its stream")
  func consumerThatStopsFreesItsStream() async throws {
    do {
      var iterator = self.store.makeStream().makeAsyncIterator()
      try self.store.dispatch(action: .add(1))
      _ = await iterator.next()
      #expect(self.store.streamCount == 1)
    }
    #expect(self.store.streamCount == 0)
  }

  @Test("streams finish when their store goes away")
  func streamsFinishWithTheirStore() async throws {
    var store: Store<Int, Counter.Action>? = Store(initialState: 0, reducer: Counter.reduce)
    let stream = try #require(store?.makeStream())
    let consumer = Task { () -> Int in
      var count = 0
      for await _ in stream { count += 1 }
      return count
    }
    try store?.dispatch(action: .add(1))
    store = nil

    #expect(await consumer.value == 1)
  }

  @Test("dispatch(action:until:) returns the state after the first later action that satisfies the condition")
  func dispatchUntil() async throws {
    let store = self.store
    let stream = store.makeStream()
    let reporter = Task {
      // A side effect reporting back, as a listener's thunk does.
      for await transition in stream where transition.action == .add(1) {
        try store.dispatch(action: .add(10))
        return
      }
    }
    let state = try await store.dispatch(action: .add(1), until: { $0 == .add(10) })
    try await reporter.value
    #expect(state == 11)
  }
}
