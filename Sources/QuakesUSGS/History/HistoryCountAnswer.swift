import Foundation

/// The GeoJSON answer of the FDSN `count` method,
/// `{"count": 1234, "maxAllowed": 20000}`, range-checked where it enters.
package struct HistoryCountAnswer {
  /// Events matching.
  package let count: Int
  /// The most one `query` may return.
  package let maximum: Int

  /// Reads `body`; `nil` unless it is such an object with a count from 0 to
  /// 2³¹ − 1 and a maximum from 1 to 10⁷.
  package init?(_ body: [UInt8]) {
    guard let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any],
      let count = object["count"] as? NSNumber, let maximum = object["maxAllowed"] as? NSNumber,
      let whole = Int(exactly: count.doubleValue), let limit = Int(exactly: maximum.doubleValue),
      (0...Int(Int32.max)).contains(whole), (1...10_000_000).contains(limit)
    else { return nil }
    self.count = whole
    self.maximum = limit
  }
}
