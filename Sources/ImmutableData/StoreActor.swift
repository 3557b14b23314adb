/// The global actor that serializes every state transition of a ``Store``.
///
/// The ImmutableData guide isolates its store to `@MainActor`, because in an
/// app the UI reads state on the main thread. A daemon has no UI thread, so the
/// store gets an executor of its own: dispatching stays serial and
/// synchronous (the guide's thunks and listeners carry over unchanged), the
/// main thread stays free for process plumbing, and readers never wait on it
/// because they take an O(1) snapshot with ``Store/snapshot()`` instead of
/// hopping onto this actor. docs/architecture.md gives the full reasoning.
@globalActor
public actor StoreActor {
  /// The one instance that isolates every store in the process.
  public static let shared = StoreActor()
}
