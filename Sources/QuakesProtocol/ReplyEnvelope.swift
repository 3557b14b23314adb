/// A reply line as a client reads it: `{"v":1,"id":…,"result":{…}}` or
/// `{"v":1,"id":…,"error":{…}}`, with `"continues":true` on every line of a
/// stream but the last.
public struct ReplyEnvelope<Result: Decodable>: Decodable {
  /// The protocol version the daemon speaks.
  public var v: Int
  /// The result, on success.
  public var result: Result?
  /// The error, on failure.
  public var error: ProtocolError?
  /// Whether more lines of the same reply follow (a watch).
  public var continues: Bool?
}
