import Foundation

/// Reads the plain-text error page of the USGS FDSN event service:
///
///     Error 400: Bad Request
///
///     20001 matching events exceeds search limit of 20000. Modify the search to match fewer events.
///
///     Usage details are available from …
package enum HistoryServiceMessage {
  /// The explanation: the first paragraph after the status line, at most
  /// 300 characters; `nil` for a body that has none.
  package static func explanation(in body: [UInt8]) -> String? {
    let text = String(decoding: body.prefix(4_096), as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
    let paragraphs = text.split(separator: "\n\n", omittingEmptySubsequences: true)
      .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
      .filter { !$0.isEmpty }
    guard let first = paragraphs.first else { return nil }
    let explanation = first.hasPrefix("Error ") && paragraphs.count > 1 ? paragraphs[1] : first
    guard explanation.unicodeScalars.allSatisfy({ $0.value >= 0x20 || $0 == "\n" || $0 == "\t" }) else { return nil }
    return String(explanation.prefix(300))
  }

  /// Whether the page refuses a query for matching too many events.
  package static func isTooManyEvents(_ body: [UInt8]) -> Bool {
    Self.explanation(in: body)?.contains("exceeds search limit") ?? false
  }

  /// The limit the page names ("… search limit of 20000."), if any.
  package static func maximum(in body: [UInt8]) -> Int? {
    guard let explanation = Self.explanation(in: body),
      let range = explanation.range(of: "search limit of ")
    else { return nil }
    let digits = explanation[range.upperBound...].prefix { $0.isASCII && $0.isNumber }
    guard let value = Int(digits), (1...10_000_000).contains(value) else { return nil }
    return value
  }
}
