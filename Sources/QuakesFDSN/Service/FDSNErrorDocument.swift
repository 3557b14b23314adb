import Foundation
import QuakesModel

/// The error answer the FDSN web service specification prescribes: plain
/// text naming the status, the reason, where the usage is documented, the
/// request, when it came and the service's version.
enum FDSNErrorDocument {
  /// The body of an answer with `status` for `request` (the path and
  /// query as sent) at `date`.
  /// What it echoes of the request has its control characters written as
  /// spaces, so that a value cannot add lines to the document.
  static func body(status: Int, reason: String, request: String, base: String, date: Date) -> String {
    let reason = Self.oneLine(reason)
    let request = Self.oneLine(request)
    return """
      Error \(status): \(Self.phrase(status))

      \(reason)

      Usage details are available from \(base)application.wadl

      Request:
      \(request)

      Request Submitted:
      \(Timestamp.iso8601(date))

      Service version:
      \(FDSNServiceDocuments.version)

      """
  }

  private static func oneLine(_ text: String) -> String {
    String(String.UnicodeScalarView(text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
  }

  /// The reason phrase of the statuses the service answers with.
  static func phrase(_ status: Int) -> String {
    switch status {
    case 204: "No Content"
    case 400: "Bad Request"
    case 404: "Not Found"
    case 405: "Method Not Allowed"
    case 413: "Request Entity Too Large"
    case 414: "Request-URI Too Long"
    case 429: "Too Many Requests"
    case 431: "Request Header Fields Too Large"
    case 500: "Internal Server Error"
    case 503: "Service Unavailable"
    default: "Error"
    }
  }
}
