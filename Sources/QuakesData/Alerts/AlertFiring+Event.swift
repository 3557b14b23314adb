public import Foundation
public import QuakesModel

extension AlertFiring {
  /// The event every channel receives, as one line of JSON with sorted keys
  /// (docs/alerts.md documents it; it is stable):
  ///
  /// `{"changes":[…],"event":"new","firedAt":"…","key":"RULE/new/ID/VERSION","previous":{…}|null,"quake":{…},"rule":"RULE"}`
  ///
  /// `quake` and `previous` have the shape of `quakes.get`'s quake.
  public var eventJSON: String {
    Self.eventJSON(
      event: self.trigger.rawValue, rule: self.rule, key: self.idempotencyKey, firedAt: self.firedAt,
      quake: self.quake, previous: self.previous, changes: self.changes)
  }

  /// The event JSON of an event about one quake (`test` too).
  public static func eventJSON(
    event: String, rule: String, key: String, firedAt: Date, quake: Quake?, previous: Quake?, changes: [String]
  ) -> String {
    var buffer = JSONBuffer(capacity: 2048)
    buffer.append(raw: "{\"changes\":[")
    for (index, change) in changes.enumerated() {
      if index > 0 { buffer.append(raw: ",") }
      buffer.append(change)
    }
    buffer.append(member: "],\"event\":", event)
    buffer.append(raw: ",\"firedAt\":")
    buffer.append(timestamp: firedAt)
    buffer.append(member: ",\"key\":", key)
    buffer.append(raw: ",\"previous\":")
    Self.append(previous, to: &buffer)
    buffer.append(raw: ",\"quake\":")
    Self.append(quake, to: &buffer)
    buffer.append(member: ",\"rule\":", rule)
    buffer.append(raw: "}")
    return String(decoding: buffer.bytes, as: UTF8.self)
  }

  /// The event of a digest: `event` `digest`, no quake, and `held`, the
  /// events flood control held back, each as it would have been sent.
  public static func digestJSON(rule: String, key: String, firedAt: Date, heldEvents: [String]) -> String {
    var buffer = JSONBuffer(capacity: 256 + heldEvents.reduce(0) { $0 + $1.utf8.count + 1 })
    buffer.append(member: "{\"changes\":[],\"event\":", "digest")
    buffer.append(raw: ",\"firedAt\":")
    buffer.append(timestamp: firedAt)
    buffer.append(raw: ",\"held\":[")
    for (index, event) in heldEvents.enumerated() {
      if index > 0 { buffer.append(raw: ",") }
      buffer.append(json: event.utf8)
    }
    buffer.append(member: "],\"key\":", key)
    buffer.append(raw: ",\"previous\":null,\"quake\":null")
    buffer.append(member: ",\"rule\":", rule)
    buffer.append(raw: "}")
    return String(decoding: buffer.bytes, as: UTF8.self)
  }

  private static func append(_ quake: Quake?, to buffer: inout JSONBuffer) {
    if let quake { quake.writeJSON(to: &buffer) } else { buffer.appendNull() }
  }
}
