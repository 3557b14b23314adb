/// One line of the reply to `daemon.backup`: a part of the copy's bytes, or,
/// on the last line, what the copy holds.
///
/// Every line but the last carries ``data`` (at most ``bytesPerLine`` bytes
/// of the file, in base64) and `"continues":true`; the last carries
/// ``bytes`` and ``quakes``, so a client knows it has the whole file.
public struct BackupPart: Hashable, Sendable, Codable {
  /// The most bytes of the file one line carries (256 KiB of base64).
  public static let bytesPerLine = 192 * 1024

  /// The next bytes of the file, in base64.
  public var data: String?
  /// On the last line: the size of the whole file.
  public var bytes: Int?
  /// On the last line: how many quakes the copy holds.
  public var quakes: Int?

  /// Creates a line.
  public init(data: String? = nil, bytes: Int? = nil, quakes: Int? = nil) {
    self.data = data
    self.bytes = bytes
    self.quakes = quakes
  }
}
