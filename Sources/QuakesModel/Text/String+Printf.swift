import Glibc

extension String {
  /// `format` filled in by C's `vsnprintf`, as Foundation's
  /// `String(format:)` fills in numbers (it hands them to the C library
  /// too), without Foundation: quakectl links FoundationEssentials alone,
  /// which has no `String(format:)` (docs/benchmarks-analysis.md, issue 33).
  /// For numbers and C strings only; a Swift `String` is not a `CVarArg`.
  package init(printf format: String, _ arguments: any CVarArg...) {
    var buffer = [CChar](repeating: 0, count: 64)
    let needed = withVaList(arguments) { vsnprintf(&buffer, buffer.count, format, $0) }
    if needed >= Int32(buffer.count) {
      buffer = [CChar](repeating: 0, count: Int(needed) + 1)
      _ = withVaList(arguments) { vsnprintf(&buffer, buffer.count, format, $0) }
    }
    self = needed < 0 ? "" : String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
