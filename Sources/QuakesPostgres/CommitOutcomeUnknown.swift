/// A transaction whose `COMMIT` was sent but whose answer never came: the
/// connection went on the way, and the server may have committed it or
/// not. For a fenced write the change head tells (``FencedTransaction``).
struct CommitOutcomeUnknown: Error, CustomStringConvertible {
  let underlying: any Error

  var description: String {
    "the connection to the store went while a COMMIT was on its way (\(self.underlying)): it may have been committed"
  }
}
