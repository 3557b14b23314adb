/// A TCP address quakesd serves HTTP on: `metrics-listen` (`/metrics`) and
/// `http-listen` (the FDSN event service), each off unless set.
///
/// A port alone means the loopback address, so turning one on never
/// exposes it beyond the host by accident; any other address must be
/// written out (`0.0.0.0:9464`, `[::]:9464`).
public struct ListenAddress: Hashable, Sendable, CustomStringConvertible {
  /// The address to bind, e.g. `127.0.0.1` or `::1`.
  public let host: String
  /// The port; 0 lets the kernel choose one (the log names it).
  public let port: Int

  /// Reads `PORT`, `HOST:PORT` or `[IPV6]:PORT`; `nil` for anything else.
  public init?(parsing text: String) {
    let text = text.trimmingCharacters(in: .whitespaces)
    let host: Substring
    let port: Substring
    if text.hasPrefix("[") {
      guard let close = text.firstIndex(of: "]"), text[text.index(after: close)...].hasPrefix(":") else { return nil }
      host = text[text.index(after: text.startIndex)..<close]
      port = text[text.index(close, offsetBy: 2)...]
      guard host.contains(":") else { return nil }
    } else if let colon = text.lastIndex(of: ":") {
      host = text[..<colon]
      port = text[text.index(after: colon)...]
      guard !host.contains(":") else { return nil }
    } else {
      host = "127.0.0.1"
      port = Substring(text)
    }
    guard !host.isEmpty, host.allSatisfy({ $0.isLetter || $0.isNumber || ".-:".contains($0) }),
      port.allSatisfy(\.isASCII), let number = Int(port), (0...65_535).contains(number)
    else { return nil }
    self.host = String(host)
    self.port = number
  }

  /// `HOST:PORT`, with an IPv6 host in brackets.
  public var description: String {
    self.host.contains(":") ? "[\(self.host)]:\(self.port)" : "\(self.host):\(self.port)"
  }
}
