/// What went wrong with a request to a USGS service, as an operator reads
/// it: what happened and, when there is something to do about it, what.
/// A feed's fetch (``USGSFeedError``) and an FDSN request (``FDSNError``)
/// fail for causes of their own, told in the same shape (``sentence(_:)``).
protocol FailureCause {
  /// What happened, as a clause (no capital, no full stop).
  var reason: String { get }
  /// What to do about it, as a sentence without its full stop; `nil` when
  /// there is nothing to say.
  var remedy: String? { get }
}

extension FailureCause {
  /// `<what failed>: <reason>. <remedy>.`
  func sentence(_ whatFailed: String) -> String {
    var message = "\(whatFailed): \(self.reason)."
    if let remedy = self.remedy {
      message += " \(remedy)."
    }
    return message
  }
}
