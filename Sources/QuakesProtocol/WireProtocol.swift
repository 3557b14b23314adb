/// The constants of the daemon's wire protocol: newline-delimited JSON over a
/// Unix stream socket, modelled on Varlink. docs/protocol.md describes it.
public enum WireProtocol {
  /// The protocol version this build speaks, sent as `"v"` on every line.
  public static let version = 1
  /// The longest line, in bytes without its newline, either side accepts (1 MiB).
  public static let maxLineLength = 1 << 20
}
