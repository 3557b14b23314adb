/// The head of a store's change sequence: the number of the last committed
/// write (0 before the first), and the leader's term it was made in.
public struct ChangeHead: Sendable, Equatable {
  public let sequence: Int64
  public let epoch: Int64

  public init(sequence: Int64, epoch: Int64) {
    self.sequence = sequence
    self.epoch = epoch
  }
}
