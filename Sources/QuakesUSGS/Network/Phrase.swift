/// Quantities as an operator reads them in a message.
enum Phrase {
  /// `30 s`, `1.5 s`, `250 ms`.
  static func duration(_ duration: Duration) -> String {
    let milliseconds = Self.milliseconds(duration)
    if milliseconds < 1_000 { return "\(milliseconds) ms" }
    if milliseconds % 1_000 == 0 { return "\(milliseconds / 1_000) s" }
    return "\(Double(milliseconds) / 1_000) s"
  }

  /// `64 MiB`, `512 KiB`, `1000 bytes`.
  static func byteCount(_ count: Int) -> String {
    let mebibyte = 1 << 20
    let kibibyte = 1 << 10
    if count >= mebibyte, count % mebibyte == 0 { return "\(count / mebibyte) MiB" }
    if count >= kibibyte, count % kibibyte == 0 { return "\(count / kibibyte) KiB" }
    return count == 1 ? "1 byte" : "\(count) bytes"
  }

  /// A duration in whole milliseconds, rounded up (so a positive duration
  /// never becomes 0, which libcurl reads as "no limit"), saturating.
  static func milliseconds(_ duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    guard seconds >= 0 else { return 0 }
    let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000)
    if overflow { return Int.max }
    let fraction = (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
    let (total, overflowTotal) = whole.addingReportingOverflow(fraction)
    return overflowTotal ? Int.max : Int(total)
  }
}
