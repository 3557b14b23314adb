import Foundation

extension [String: Any] {
  /// The `"error"` object's code, if this reply is an error.
  var errorCode: String? { (self["error"] as? [String: Any])?["code"] as? String }
  /// The `"error"` object's message, if this reply is an error.
  var errorMessage: String? { (self["error"] as? [String: Any])?["message"] as? String }
  /// The `"result"` object, if this reply is a result.
  var result: [String: Any]? { self["result"] as? [String: Any] }
}
