/// The constants of the daemon's wire protocol: newline-delimited JSON over a
/// Unix stream socket, modelled on Varlink. docs/protocol.md describes it.
public enum WireProtocol {
  /// The protocol version this build speaks, sent as `"v"` on every line.
  ///
  /// Version 2 (issue 32): `quakes.list` counts its matches only when asked
  /// (`"matched":true`) and says whether more match after the page
  /// (`"hasMore"`).
  public static let version = 2
  /// The oldest version whose requests the daemon still answers, each as
  /// that version promised (a version 1 `quakes.list` always counts).
  public static let oldestVersion = 1
  /// The longest line, in bytes without its newline, either side accepts (1 MiB).
  public static let maxLineLength = 1 << 20
}
