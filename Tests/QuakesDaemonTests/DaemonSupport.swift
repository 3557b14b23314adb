import Foundation
import QuakesTestSupport
import USGSStandIn

extension [String: Any] {
  /// The `"error"` object's code, if this reply is an error.
  var errorCode: String? { (self["error"] as? [String: Any])?["code"] as? String }
  /// The `"error"` object's message, if this reply is an error.
  var errorMessage: String? { (self["error"] as? [String: Any])?["message"] as? String }
  /// The `"result"` object, if this reply is a result.
  var result: [String: Any]? { self["result"] as? [String: Any] }
}

extension USGSStandIn {
  /// Writes a configuration for quakesd against this stand-in into
  /// `directory` and returns its path: its feeds and FDSN service, fast FDSN
  /// pacing for tests, a contact, `feed` polled hourly, and `extra` appended.
  func configuration(in directory: TemporaryDirectory, feed: String = "all_hour", extra: String = "") throws -> String {
    let path = directory.file("quakesd.conf")
    try """
    feed-base-url: \(self.baseURL)
    fdsn-base-url: \(self.fdsnBaseURL)
    fdsn-interval: 0.01s
    contact: mailto:tests@example.org
    feeds:
      \(feed): 1h
    \(extra)
    """.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }
}
