/// Thrown by a remote store when the service refuses a window because it
/// now holds more events than one request may return (events arrived after
/// it was counted): the job halves the window rather than failing.
public struct HistoryWindowTooLarge: Error, Hashable, Sendable {
  /// The service's limit per request.
  public var maximum: Int

  /// Creates the error.
  public init(maximum: Int) {
    self.maximum = maximum
  }
}
