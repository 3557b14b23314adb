/// Why the stand-in's FDSN event service refuses a request with
/// `400 Bad Request`: the sentence its error page states, naming the
/// parameter and the value at fault.
struct FDSNBadRequest: Error, Hashable, Sendable {
  /// The sentence, e.g. `Bad minmagnitude value "big".`
  let message: String

  init(_ message: String) {
    self.message = message
  }
}
