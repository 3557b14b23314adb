/// What ``AlertOutbox/beginAlertAttempt(firing:channel:number:startedAt:retryAt:)``
/// throws when another quakesd of a shared store began the same attempt
/// first: the delivery is that one's, and this one leaves it.
public struct AlertDeliveryTaken: Error, CustomStringConvertible {
  public let firing: Int64
  public let channel: String

  public init(firing: Int64, channel: String) {
    self.firing = firing
    self.channel = channel
  }

  public var description: String {
    "another quakesd began the delivery of firing \(self.firing) to \(self.channel) first"
  }
}
