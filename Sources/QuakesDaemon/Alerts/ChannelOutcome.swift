/// What one attempt to deliver an alert to a channel came to.
enum ChannelOutcome: Hashable, Sendable {
  /// The channel took the event (an HTTP 2xx, an exit status 0).
  case delivered(String)
  /// It did not, but may later: retried after a backoff (a timeout, an
  /// HTTP 5xx, 408 or 429, a connection refused, an exit status but 0).
  case retryable(String)
  /// It never will: not retried (an HTTP 4xx, a redirect, a program that
  /// cannot be run).
  case permanent(String)

  /// What the channel said, or what went wrong, in a few words.
  var detail: String {
    switch self {
    case .delivered(let detail), .retryable(let detail), .permanent(let detail): detail
    }
  }

  /// Whether the channel took the event.
  var isDelivered: Bool {
    if case .delivered = self { true } else { false }
  }
}
