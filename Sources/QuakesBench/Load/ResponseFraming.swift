import Foundation

/// Where one reply ends in what a connection has received, for the two
/// protocols the load generator speaks: quakesd's newline-delimited JSON
/// and HTTP/1.1 (datasette).
enum ResponseFraming: String, Sendable {
  /// One reply per line; an error reply starts `{"v":1,"error"` (a request
  /// without an id).
  case lines
  /// An HTTP/1.1 response with `Content-Length` or chunked encoding; an
  /// error is a status other than 200.
  case http

  /// One complete reply at the start of `bytes[start...]`.
  struct Reply {
    /// The index just past the reply.
    let end: Int
    let isError: Bool
  }

  /// The first complete reply from `start`, or `nil` when more bytes are needed.
  func reply(in bytes: [UInt8], from start: Int) -> Reply? {
    switch self {
    case .lines:
      guard let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
      let errorPrefix = Array(#"{"v":1,"error""#.utf8)
      let isError = bytes[start..<newline].starts(with: errorPrefix)
      return Reply(end: newline + 1, isError: isError)
    case .http:
      return Self.httpReply(in: bytes, from: start)
    }
  }

  private static let headerEnd = Array("\r\n\r\n".utf8)
  private static let lineEnd = Array("\r\n".utf8)

  private static func httpReply(in bytes: [UInt8], from start: Int) -> Reply? {
    guard let headEnd = self.find(self.headerEnd, in: bytes, from: start) else { return nil }
    let head = String(decoding: bytes[start..<headEnd], as: UTF8.self)
    let lines = head.split(separator: "\r\n")
    let status = lines.first.flatMap { $0.split(separator: " ").dropFirst().first }.flatMap { Int($0) } ?? 0
    var contentLength: Int?
    var chunked = false
    for line in lines.dropFirst() {
      let parts = line.split(separator: ":", maxSplits: 1)
      guard parts.count == 2 else { continue }
      let name = parts[0].lowercased()
      let value = parts[1].trimmingCharacters(in: .whitespaces)
      if name == "content-length" { contentLength = Int(value) }
      if name == "transfer-encoding", value.lowercased().contains("chunked") { chunked = true }
    }
    var end = headEnd + self.headerEnd.count
    if chunked {
      while true {
        guard let sizeEnd = self.find(self.lineEnd, in: bytes, from: end) else { return nil }
        let sizeText = String(decoding: bytes[end..<sizeEnd], as: UTF8.self).split(separator: ";").first ?? ""
        guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16) else {
          return Reply(end: bytes.count, isError: true)
        }
        end = sizeEnd + 2 + size + 2
        guard end <= bytes.count else { return nil }
        if size == 0 { break }
      }
    } else {
      end += contentLength ?? 0
      guard end <= bytes.count else { return nil }
    }
    return Reply(end: end, isError: status != 200)
  }

  private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
    guard bytes.count - start >= needle.count else { return nil }
    var index = start
    while index <= bytes.count - needle.count {
      if bytes[index] == needle[0], bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
      index += 1
    }
    return nil
  }
}
