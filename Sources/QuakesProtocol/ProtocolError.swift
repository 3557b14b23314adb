/// An error reply's `"error"` object: a code for programs, a message for people.
public struct ProtocolError: Error, Hashable, Sendable, Codable, CustomStringConvertible {
  /// What kind of thing went wrong.
  public var code: ErrorCode
  /// What exactly, and what to do about it.
  public var message: String

  /// Creates an error.
  public init(_ code: ErrorCode, _ message: String) {
    self.code = code
    self.message = message
  }

  public var description: String { "\(self.code.rawValue): \(self.message)" }
}
