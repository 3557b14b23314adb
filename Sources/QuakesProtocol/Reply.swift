public import FoundationEssentials
import QuakesModel

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
    try self.line(id: id, encodedResult: self.encodeResult(result), continues: continues)
  }

  /// `result` encoded as a reply's `"result"` value, for
  /// ``line(id:encodedResult:continues:)``: a server can cache the costly
  /// part of a reply and send it to many requests. A ``JSONWritable``
  /// result writes itself (the same bytes, without `JSONEncoder`'s cost).
  public static func encodeResult(_ result: some Encodable) throws -> Data {
    guard let writable = result as? any JSONWritable else { return try WireJSON.encode(result) }
    var buffer = JSONBuffer(capacity: 1024)
    try writable.writeJSON(to: &buffer)
    return Data(buffer.bytes)
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

  /// A line's start, up to its `key`'s value: `{"v":1,"id":7,"result":`.
  static func head(id: JSONScalar?, key: String) throws -> [UInt8] {
    var head = Array("{\"v\":\(WireProtocol.version)".utf8)
    if let id {
      head.append(contentsOf: ",\"id\":".utf8)
      head.append(contentsOf: try WireJSON.encode(id))
    }
    head.append(contentsOf: ",\"\(key)\":".utf8)
    return head
  }

  /// A line's end after its value: `,"continues":true` when more lines
  /// follow, the closing brace and the newline.
  static func tail(continues: Bool) -> [UInt8] {
    Array((continues ? ",\"continues\":true}\n" : "}\n").utf8)
  }

  private static func envelope(id: JSONScalar?, key: String, value: Data, continues: Bool) throws -> Data {
    var line = Data(try self.head(id: id, key: key))
    line.append(value)
    line.append(contentsOf: self.tail(continues: continues))
    return line
  }
}
