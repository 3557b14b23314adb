/// JSON written straight into bytes, in exactly the form the wire's
/// `JSONEncoder` (sorted keys, slashes unescaped) writes it.
///
/// A reply of 100,000 quakes goes through `JSONEncoder` at about 1 µs a
/// field: its containers box every value and sort every object's keys per
/// object. A quake's keys are known in advance, so ``Quake`` writes itself
/// here in their sorted order (``Quake/writeJSON(to:distanceKm:bearing:)``),
/// and equal values still give equal bytes: QuakeJSONTests compares both
/// writers on random quakes.
public struct JSONBuffer: Sendable {
  /// What has been written.
  public internal(set) var bytes: [UInt8]

  /// An empty buffer that can hold `capacity` bytes before it grows.
  public init(capacity: Int = 0) {
    self.bytes = []
    self.bytes.reserveCapacity(capacity)
  }

  /// How many bytes have been written.
  public var count: Int { self.bytes.count }

  /// Forgets what was written, keeping the memory for what comes next.
  public mutating func removeAll() {
    self.bytes.removeAll(keepingCapacity: true)
  }

  /// Appends `text` as it is: punctuation and keys, which need no escaping.
  public mutating func append(raw text: StaticString) {
    text.withUTF8Buffer { self.bytes.append(contentsOf: $0) }
  }

  /// Appends bytes that are already JSON (a result encoded elsewhere).
  public mutating func append(json: some Sequence<UInt8>) {
    self.bytes.append(contentsOf: json)
  }

  /// Appends `null`.
  public mutating func appendNull() {
    self.append(raw: "null")
  }

  /// Appends `true` or `false`, or `null` for `nil`.
  public mutating func append(_ value: Bool?) {
    guard let value else { return self.appendNull() }
    self.append(raw: value ? "true" : "false")
  }

  /// Appends an integer in decimal, or `null` for `nil`.
  public mutating func append(_ value: Int?) {
    guard let value else { return self.appendNull() }
    if value < 0 { self.bytes.append(UInt8(ascii: "-")) }
    self.append(digitsOf: value.magnitude, width: 1)
  }

  /// Appends a number as `JSONEncoder` writes it: Swift's shortest exact
  /// text without a trailing `.0` (`1`, `0.1`, `1e-05`, `1.2e+20`); `null`
  /// for `nil` and for a value JSON cannot hold (NaN, infinities), where
  /// `JSONEncoder` would throw and fail the whole reply.
  public mutating func append(_ value: Double?) {
    guard let value, value.isFinite else { return self.appendNull() }
    var text = value.description
    text.withUTF8 { self.bytes.append(contentsOf: $0) }
    let count = self.bytes.count
    if count >= 2, self.bytes[count - 2] == UInt8(ascii: "."), self.bytes[count - 1] == UInt8(ascii: "0") {
      self.bytes.removeLast(2)
    }
  }

  /// Appends an object's member: `key` as written, with its quotes, its
  /// colon and the comma before it (`,"depth":`), then `value` (`null` for `nil`).
  public mutating func append(member key: StaticString, _ value: (some Scalar)?) {
    self.append(raw: key)
    guard let value else { return self.appendNull() }
    value.append(to: &self)
  }

  /// Appends `value` in decimal, zero-padded to at least `width` digits.
  mutating func append(digitsOf value: UInt, width: Int) {
    self.bytes.append(decimal: value, width: width)
  }
}

extension JSONBuffer {
  /// A value a member can hold: a number, a string or a boolean.
  public protocol Scalar {
    /// Appends the value.
    func append(to buffer: inout JSONBuffer)
  }
}

extension Double: JSONBuffer.Scalar {
  public func append(to buffer: inout JSONBuffer) { buffer.append(self) }
}

extension Int: JSONBuffer.Scalar {
  public func append(to buffer: inout JSONBuffer) { buffer.append(self) }
}

extension String: JSONBuffer.Scalar {
  public func append(to buffer: inout JSONBuffer) { buffer.append(self) }
}

extension Bool: JSONBuffer.Scalar {
  public func append(to buffer: inout JSONBuffer) { buffer.append(self) }
}
