/// What `check` gives, looked for every `interval` until `deadline`:
/// `nil` if it gave nothing by then. It looks once more when the deadline
/// has passed, so a wait whose task was held off the task pool past its
/// deadline (a loaded machine) still sees what happened meanwhile, rather
/// than giving up without looking.
public func poll<Value>(
  until deadline: ContinuousClock.Instant, every interval: Duration,
  _ check: () async throws -> Value?
) async throws -> Value? {
  while true {
    if let value = try await check() { return value }
    guard ContinuousClock.now < deadline else { return nil }
    try await Task.sleep(for: interval)
  }
}

/// Whether `check` came true, looked at every `interval` until `deadline`
/// as the form that waits for a value looks.
///
/// A check that answers `Bool` waits for `true`: given to the optional
/// form, its `false` would be an answer, and the wait would end at once.
public func poll(
  until deadline: ContinuousClock.Instant, every interval: Duration, _ check: () async throws -> Bool
) async throws -> Bool {
  try await poll(until: deadline, every: interval) { try await check() ? true : nil } ?? false
}
