public import Foundation
public import QuakesModel

/// One attempt to deliver an ``AlertDelivery``, and what it leaves the
/// delivery as: what the outbox records after each try.
public struct AlertAttempt: Hashable, Sendable {
  /// The firing's row.
  public var firing: Int64
  /// The channel.
  public var channel: String
  /// 1 for the first attempt.
  public var number: Int
  /// When it started.
  public var startedAt: Date
  /// How long it took, in milliseconds.
  public var milliseconds: Int
  /// Whether the channel took the event.
  public var delivered: Bool
  /// What went wrong, or what the channel answered.
  public var detail: String?
  /// The delivery's state after it.
  public var state: AlertDeliveryState
  /// When to try again, while ``state`` is pending.
  public var nextAttempt: Date?

  /// Creates an attempt.
  public init(
    firing: Int64, channel: String, number: Int, startedAt: Date, milliseconds: Int, delivered: Bool,
    detail: String?, state: AlertDeliveryState, nextAttempt: Date?
  ) {
    self.firing = firing
    self.channel = channel
    self.number = number
    self.startedAt = startedAt
    self.milliseconds = milliseconds
    self.delivered = delivered
    self.detail = detail
    self.state = state
    self.nextAttempt = nextAttempt
  }
}
