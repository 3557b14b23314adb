import Crypto
import Foundation
import QuakesData
import QuakesModel
import QuakesUSGS

/// A `webhook:` channel: POSTs the event JSON through libcurl (the feeds'
/// session code), with `Content-Type: application/json`, the idempotency
/// key as `Idempotency-Key`, the rule and event as `X-Quakesd-Rule` and
/// `X-Quakesd-Event`, the configured extra headers and, with a secret, an
/// HMAC-SHA256 of the body as `X-Quakesd-Signature: sha256=HEX`.
///
/// A 2xx answer is delivered, whatever happens to its body after the
/// status line (larger than ``answerLimit``, cut short, too slow); a 4xx other than 408 and 429 is a permanent
/// failure, as is a redirect (the configuration should name the final
/// URL: libcurl would turn the POST into a GET); anything else (5xx, 408,
/// 429, a timeout, a refused connection) is retried.
struct WebhookChannel: Hashable, Sendable {
  /// The http or https URL.
  var url: String
  /// The key of the signature, read from the secret file; `nil` for none.
  var secret: [UInt8]?
  /// Further header fields.
  var headers: [NetworkRequest.Header]
  /// How long the whole request may take.
  var timeout: Duration

  /// The most of an answer's body read: a receiver that answers more is
  /// cut off there (a 2xx is delivered all the same).
  static let answerLimit = 1 << 20

  /// The channel's name in the outbox and in messages: `webhook:` and the URL.
  var name: String { "webhook:" + self.url }

  /// Sends one POST for `delivery`.
  func deliver(_ delivery: AlertDelivery) async -> ChannelOutcome {
    let body = Array(delivery.payload.utf8)
    var headers = [
      NetworkRequest.Header("Content-Type", "application/json"),
      NetworkRequest.Header("Idempotency-Key", delivery.key),
      NetworkRequest.Header("X-Quakesd-Rule", delivery.rule),
      NetworkRequest.Header("X-Quakesd-Event", delivery.event),
    ]
    if let secret = self.secret {
      headers.append(NetworkRequest.Header("X-Quakesd-Signature", "sha256=" + Self.signature(of: body, key: secret)))
    }
    headers += self.headers
    let session = CurlNetworkSession(
      configuration: CurlNetworkSession.Configuration(
        connectTimeout: min(self.timeout, .seconds(10)), totalTimeout: self.timeout,
        maximumResponseSize: Self.answerLimit, maximumRedirects: 0))
    let response: NetworkResponse
    do {
      response = try await session.send(NetworkRequest(post: body, to: self.url, headers: headers))
    } catch let error as NetworkError {
      // A 2xx head decides: what goes wrong with the body after it (too
      // large, cut short, too slow) is reported, never sent again.
      if let status = error.status, (200..<300).contains(status) {
        return .delivered("HTTP \(status); the rest of the answer was not read: \(error.reason)")
      }
      return .retryable(error.reason)
    } catch {
      return .retryable("stopped: quakesd is stopping")
    }
    let answer = "HTTP \(response.status)" + Self.excerpt(of: response.body)
    switch response.status {
    case 200..<300: return .delivered(answer)
    case 300..<400:
      return .permanent(
        answer + "; redirected to \(response.header("location") ?? "another URL"): configure the final URL")
    case 408, 429: return .retryable(answer)
    case 400..<500: return .permanent(answer)
    default: return .retryable(answer)
    }
  }

  /// `url` cut to its origin, `https://hooks.example.org/…`; `(hidden)`
  /// when it cannot be parsed.
  static func shownURL(_ url: String) -> String {
    guard let components = URLComponents(string: url), let scheme = components.scheme, let host = components.host,
      !host.isEmpty
    else { return "(hidden)" }
    let port = components.port.map { ":\($0)" } ?? ""
    let rest =
      (components.path.isEmpty || components.path == "/") && components.query == nil && components.user == nil
      ? "" : "/…"
    return "\(scheme)://\(host)\(port)\(rest)"
  }

  /// The HMAC-SHA256 of `body` under `key`, in lower-case hex.
  static func signature(of body: [UInt8], key: [UInt8]) -> String {
    let code = HMAC<SHA256>.authenticationCode(for: body, using: SymmetricKey(data: key))
    return code.map { String(format: "%02x", $0) }.joined()
  }

  /// `: ` and the start of an answer's body on one line, if it has one.
  private static func excerpt(of body: [UInt8]) -> String {
    let text = String(decoding: body.prefix(200), as: UTF8.self)
      .split(whereSeparator: \.isNewline).joined(separator: " ").trimmingCharacters(in: .whitespaces)
    return text.isEmpty ? "" : ": " + text
  }
}
