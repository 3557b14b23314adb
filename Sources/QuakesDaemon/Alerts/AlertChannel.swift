import Foundation
import Logging
import QuakesData

/// Where an alert rule's firings are delivered.
enum AlertChannel: Hashable, Sendable {
  /// Runs a program with the event on its standard input.
  case exec(ExecChannel)
  /// POSTs the event to a URL.
  case webhook(WebhookChannel)

  /// The channel's name, as the outbox records its deliveries:
  /// `exec:COMMAND LINE` or `webhook:URL`.
  var name: String {
    switch self {
    case .exec(let channel): channel.name
    case .webhook(let channel): channel.name
    }
  }

  /// `name`, a channel's name, as clients and the log see it: a webhook's
  /// URL cut to its origin (the path of a Slack or Matrix hook is its
  /// secret; `query.sock` is open to every local user), or hidden whole
  /// when it cannot be parsed.
  static func shown(_ name: String) -> String {
    let prefix = "webhook:"
    guard name.hasPrefix(prefix) else { return name }
    return prefix + WebhookChannel.shownURL(String(name.dropFirst(prefix.count)))
  }

  /// The longest one attempt can take: its timeout, and a program's grace
  /// after it.
  var longestAttempt: Duration {
    switch self {
    case .exec(let channel): channel.timeout + ExecChannel.grace
    case .webhook(let channel): channel.timeout
    }
  }

  /// Makes one attempt to deliver `delivery`.
  func deliver(_ delivery: AlertDelivery, logger: Logger) async -> ChannelOutcome {
    switch self {
    case .exec(let channel): await channel.deliver(delivery, logger: logger)
    case .webhook(let channel): await channel.deliver(delivery)
    }
  }
}
