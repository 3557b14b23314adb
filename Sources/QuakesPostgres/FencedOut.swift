/// A write refused by the store because its writer does not lead now: its
/// term is over (another instance took the lease, or it let the lease
/// expire), or another write moved the change sequence since it last read it.
/// Nothing of the write was committed.
public struct FencedOut: Error, Equatable, CustomStringConvertible {
  /// The term the write was made in.
  public let epoch: Int64
  public let description: String
}
