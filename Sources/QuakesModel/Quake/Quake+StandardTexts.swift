extension Quake {
  /// A text USGS writes to a pattern: fixed text, a value, fixed text, a
  /// value (`""` where a pattern has fewer pieces), compared and joined
  /// without building the text first.
  package struct TextPattern {
    let prefix: StaticString
    let first: String
    let infix: StaticString
    let second: String

    /// The whole text.
    var text: String {
      "\(self.prefix)\(self.first)\(self.infix)\(self.second)"
    }
  }

  /// `https://earthquake.usgs.gov/earthquakes/eventpage/ID`.
  package static func standardURL(id: String) -> TextPattern {
    TextPattern(prefix: "https://earthquake.usgs.gov/earthquakes/eventpage/", first: id, infix: "", second: "")
  }

  /// `https://earthquake.usgs.gov/earthquakes/feed/v1.0/detail/ID.geojson`.
  package static func standardDetail(id: String) -> TextPattern {
    TextPattern(
      prefix: "https://earthquake.usgs.gov/earthquakes/feed/v1.0/detail/", first: id, infix: ".geojson", second: "")
  }

  /// `,ID,`: the event known by its own id alone.
  package static func standardIds(id: String) -> TextPattern {
    TextPattern(prefix: ",", first: id, infix: ",", second: "")
  }

  /// `M 4.6 - PLACE`: the magnitude to one decimal, then the place; `nil`
  /// when either is unknown (or the magnitude is outside ``QuakeRanges``).
  package static func standardTitle(magnitude: Double?, place: String?) -> TextPattern? {
    guard let magnitude, let place, QuakeRanges.magnitude.contains(magnitude) else { return nil }
    return TextPattern(prefix: "M ", first: Self.tenths(magnitude), infix: " - ", second: place)
  }

  /// `magnitude` with one decimal, rounded half away from zero (`4.55` is
  /// `4.6`); only ever compared with what the same function wrote. Written
  /// digit by digit: the decoder makes one per quake.
  private static func tenths(_ magnitude: Double) -> String {
    let tenths = Int((magnitude * 10).rounded())
    var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0, 0, 0)
    return withUnsafeMutableBytes(of: &digits) { buffer in
      var end = buffer.count
      var rest = abs(tenths)
      func put(_ byte: UInt8) {
        end -= 1
        buffer[end] = byte
      }
      put(UInt8(ascii: "0") + UInt8(rest % 10))
      put(UInt8(ascii: "."))
      rest /= 10
      repeat {
        put(UInt8(ascii: "0") + UInt8(rest % 10))
        rest /= 10
      } while rest > 0 && end > 1
      if tenths < 0 { put(UInt8(ascii: "-")) }
      return String(decoding: buffer[end...], as: UTF8.self)
    }
  }
}
