/// A rule's `limit:`: at most ``count`` notifications per ``period``; what
/// fires beyond it is held back and sent as one digest when the period
/// allows again.
struct AlertLimit: Hashable, Sendable {
  /// How many notifications a period allows.
  var count: Int
  /// The period, a sliding window.
  var period: Duration
}
