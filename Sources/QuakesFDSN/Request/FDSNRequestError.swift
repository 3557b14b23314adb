/// A request the service refuses, with the reason the error document
/// gives (``FDSNErrorDocument``): a parameter it does not know or cannot
/// serve, a value out of range, too many matches without a limit.
package struct FDSNRequestError: Error, Hashable, Sendable {
  /// The HTTP status: 400 unless said otherwise.
  package var status: Int
  /// What was wrong and what to do instead, one or more sentences.
  package var reason: String

  init(_ reason: String, status: Int = 400) {
    self.status = status
    self.reason = reason
  }
}
