import Foundation

/// The key fields of an event's JSON, for the environment of an `exec`
/// channel: read back from the event itself, so both always agree.
struct AlertEventFields: Sendable {
  var quakeId = ""
  var magnitude = ""
  var place = ""
  var url = ""

  /// The fields of `payload` (``QuakesData/AlertFiring/eventJSON``); empty
  /// where the event has none.
  init(payload: String) {
    guard let event = try? JSONSerialization.jsonObject(with: Data(payload.utf8)) as? [String: Any],
      let quake = event["quake"] as? [String: Any]
    else { return }
    self.quakeId = quake["id"] as? String ?? ""
    self.magnitude = (quake["magnitude"] as? NSNumber).map { "\($0.doubleValue)" } ?? ""
    self.place = quake["place"] as? String ?? ""
    self.url = quake["url"] as? String ?? ""
  }
}
