public import Foundation

/// Reply lines: `{"v":1,"id":7,"result":{…}}` or
/// `{"v":1,"id":7,"error":{"code":"quakes.NotFound","message":"…"}}`;
/// a streamed reply sets `"continues":true` on every line but the last.
///
/// The envelope is written by hand so its keys come in that order on every
/// line; objects inside are encoded with sorted keys, so equal replies are
/// equal bytes.
public enum Reply {
  /// One result line, with its newline.
  public static func line(id: JSONScalar?, result: some Encodable, continues: Bool = false) throws -> Data {
    try self.envelope(id: id, key: "result", value: WireJSON.encode(result), continues: continues)
  }

  /// `result` encoded as a reply's `"result"` value, for
  /// ``line(id:encodedResult:continues:)``: a server can cache the costly
  /// part of a reply and send it to many requests.
  public static func encodeResult(_ result: some Encodable) throws -> Data {
    try WireJSON.encode(result)
  }

  /// One result line around a result encoded by ``encodeResult(_:)``, with its newline.
  public static func line(id: JSONScalar?, encodedResult: Data, continues: Bool = false) throws -> Data {
    try self.envelope(id: id, key: "result", value: encodedResult, continues: continues)
  }

  /// One error line, with its newline.
  public static func line(id: JSONScalar?, error: ProtocolError, continues: Bool = false) -> Data {
    // An error holds two strings and an id: encoding them cannot fail.
    let body =
      (try? WireJSON.encode(error))
      ?? Data(#"{"code":"\#(ErrorCode.internal.rawValue)","message":"unencodable error"}"#.utf8)
    return (try? self.envelope(id: id, key: "error", value: body, continues: continues)) ?? body
  }

  private static func envelope(id: JSONScalar?, key: String, value: Data, continues: Bool) throws -> Data {
    var line = Data("{\"v\":\(WireProtocol.version)".utf8)
    if let id {
      line.append(contentsOf: Data(",\"id\":".utf8))
      line.append(try WireJSON.encode(id))
    }
    line.append(contentsOf: Data(",\"\(key)\":".utf8))
    line.append(value)
    if continues { line.append(contentsOf: Data(",\"continues\":true".utf8)) }
    line.append(contentsOf: Data("}\n".utf8))
    return line
  }
}
