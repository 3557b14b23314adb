/// Why the stand-in could not start, or a catalogue
/// (``FDSNCatalogue/init(directory:)``) could not be read.
public struct StandInError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong.
  public let description: String

  init(_ description: String) {
    self.description = description
  }
}
