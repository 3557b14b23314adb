public import Foundation

/// One event of the stand-in's FDSN catalogue (``FDSNCatalogue``): the
/// summary properties USGS serves for an event, so that the stand-in's
/// `query` answers have the shape and size of the real service's.
///
/// Times have whole milliseconds, as on the wire: the initialiser rounds
/// them, and the catalogue and the GeoJSON round whatever is set later.
public struct FDSNEvent: Sendable, Hashable {
  /// The event's id, e.g. `ci39448151`: its network and its code.
  public var id: String
  /// When it happened.
  public var time: Date
  /// When USGS last changed it (a deletion is a change).
  public var updated: Date
  /// The magnitude; some events have none.
  public var magnitude: Double?
  /// Latitude in degrees, -90…90.
  public var latitude: Double
  /// Longitude in degrees, -180…180.
  public var longitude: Double
  /// Depth in kilometres (a few events are above sea level: negative).
  public var depth: Double
  /// Where, e.g. `10 km NNE of Coso Junction, CA`; some events have none.
  public var place: String?
  /// `earthquake`, `quarry blast`, `explosion`, `ice quake`, …
  public var eventType: String
  /// The PAGER alert level, `green`, `yellow`, `orange` or `red`, if any.
  public var alert: String?
  /// `automatic`, `reviewed`, or `deleted` (served only with `includedeleted`).
  public var status: String
  /// The number of "Did You Feel It?" reports, if any.
  public var felt: Int?
  /// The highest reported intensity ("Did You Feel It?"), if any.
  public var cdi: Double?
  /// The highest estimated instrumental intensity (ShakeMap), if any.
  public var mmi: Double?
  /// USGS's significance, 0 and up (about 600 makes an event significant).
  public var significance: Int
  /// Whether a tsunami flag is set.
  public var tsunami: Bool
  /// The preferred contributor's network, e.g. `ci`.
  public var network: String
  /// The magnitude's type, e.g. `ml`, `mb`, `mww`.
  public var magnitudeType: String?
  /// Every id the event is known by, the preferred one among them.
  public var ids: [String]

  /// Creates an event; `updated` defaults to `time`, `ids` to `[id]`.
  public init(
    id: String,
    time: Date,
    updated: Date? = nil,
    magnitude: Double?,
    latitude: Double,
    longitude: Double,
    depth: Double,
    place: String? = nil,
    eventType: String = "earthquake",
    alert: String? = nil,
    status: String = "automatic",
    felt: Int? = nil,
    cdi: Double? = nil,
    mmi: Double? = nil,
    significance: Int = 0,
    tsunami: Bool = false,
    network: String = "us",
    magnitudeType: String? = nil,
    ids: [String]? = nil
  ) {
    self.id = id
    self.time = Self.wholeMilliseconds(time)
    self.updated = Self.wholeMilliseconds(updated ?? time)
    self.magnitude = magnitude
    self.latitude = latitude
    self.longitude = longitude
    self.depth = depth
    self.place = place
    self.eventType = eventType
    self.alert = alert
    self.status = status
    self.felt = felt
    self.cdi = cdi
    self.mmi = mmi
    self.significance = significance
    self.tsunami = tsunami
    self.network = network
    self.magnitudeType = magnitudeType
    self.ids = ids ?? [id]
  }

  /// ``time`` in milliseconds since 1970, as USGS sends it.
  public var timeMilliseconds: Int64 { Self.milliseconds(self.time) }

  /// ``updated`` in milliseconds since 1970, as USGS sends it.
  public var updatedMilliseconds: Int64 { Self.milliseconds(self.updated) }

  /// Whether USGS deleted the event (``status`` `deleted`).
  public var isDeleted: Bool { self.status == "deleted" }

  /// The event as a GeoJSON Feature, in USGS's shape and key order (UTF-8,
  /// one line): what the FDSN `query` serves for it.
  ///
  /// The properties the event does not hold are derived from it as USGS
  /// would have them: `code` (the id without its network), `sources` (each
  /// id's network), `types` (the products its felt reports, intensities and
  /// alert imply), `title`; the station figures (`nst`, `dmin`, `rms`,
  /// `gap`) are made up from the id, so they vary between events but not
  /// between answers.
  public func geoJSONFeature() -> [UInt8] {
    var json: [UInt8] = []
    json.reserveCapacity(1_024)
    self.appendGeoJSONFeature(to: &json)
    return json
  }

  /// Appends ``geoJSONFeature()`` to `json` (a whole answer is built in one buffer).
  func appendGeoJSONFeature(to json: inout [UInt8]) {
    let seed = Self.hash(self.id)
    var text = #"{"type":"Feature","properties":{"mag":"#
    text += Self.number(self.magnitude)
    text += #","place":"# + Self.string(self.place)
    text += #","time":\#(self.timeMilliseconds),"updated":\#(self.updatedMilliseconds),"tz":null,"url":"#
    text += Self.string("https://earthquake.usgs.gov/earthquakes/eventpage/" + self.id)
    text += #","detail":"#
    text += Self.string("https://earthquake.usgs.gov/fdsnws/event/1/query?eventid=\(self.id)&format=geojson")
    text += #","felt":"# + (self.felt.map { "\($0)" } ?? "null")
    text += #","cdi":"# + Self.number(self.cdi) + #","mmi":"# + Self.number(self.mmi)
    text += #","alert":"# + Self.string(self.alert) + #","status":"# + Self.string(self.status)
    text += #","tsunami":\#(self.tsunami ? 1 : 0),"sig":\#(self.significance),"net":"#
    text += Self.string(self.network) + #","code":"# + Self.string(self.code)
    text += #","ids":"# + Self.string("," + self.ids.joined(separator: ",") + ",")
    text += #","sources":"# + Self.string("," + self.ids.map(self.source(of:)).joined(separator: ",") + ",")
    text += #","types":"# + Self.string("," + self.productTypes.joined(separator: ",") + ",")
    text += #","nst":\#(5 + seed % 120),"dmin":\#(Self.number(Double((seed >> 8) % 20_000) / 1_000))"#
    text += #","rms":\#(Self.number(Double((seed >> 24) % 150) / 100)),"gap":\#(15 + (seed >> 32) % 240)"#
    text += #","magType":"# + Self.string(self.magnitudeType) + #","type":"# + Self.string(self.eventType)
    text += #","title":"# + Self.string(self.title)
    text += #"},"geometry":{"type":"Point","coordinates":["#
    text += Self.number(self.longitude) + "," + Self.number(self.latitude) + "," + Self.number(self.depth)
    text += #"]},"id":"# + Self.string(self.id) + "}"
    json.append(contentsOf: text.utf8)
  }

  /// USGS's title: `M 5.6 - 17 km WSW of Andacollo, Argentina` (`M ?` without a magnitude).
  var title: String {
    let magnitude = self.magnitude.map { String(format: "%.1f", $0) } ?? "?"
    return "M \(magnitude) - \(self.place ?? "")"
  }

  /// The id without its network: `39448151` for `ci39448151`.
  private var code: String {
    guard self.id.hasPrefix(self.network), self.id.count > self.network.count else { return self.id }
    return String(self.id.dropFirst(self.network.count))
  }

  /// The network that contributed `id`: its leading letters (`usauto` for
  /// `usauto7000dydz`), or ``network`` when it has none.
  private func source(of id: String) -> String {
    let letters = id.prefix { $0.isLetter }
    return letters.isEmpty ? self.network : String(letters)
  }

  /// The products the event's properties imply, sorted as USGS lists them.
  private var productTypes: [String] {
    var types: Set<String> = ["origin", "phase-data"]
    if self.felt != nil || self.cdi != nil { types.insert("dyfi") }
    if self.mmi != nil { types.insert("shakemap") }
    if self.alert != nil { types.insert("losspager") }
    if (self.magnitude ?? 0) >= 4 { types.insert("moment-tensor") }
    if (self.magnitude ?? 0) < 4 { types.insert("nearby-cities") }
    return types.sorted()
  }

  /// `time` rounded to whole milliseconds.
  static func wholeMilliseconds(_ time: Date) -> Date {
    Date(timeIntervalSince1970: Double(Self.milliseconds(time)) / 1_000)
  }

  /// `time` in whole milliseconds since 1970 (0 for a date no `Int64` holds).
  static func milliseconds(_ time: Date) -> Int64 {
    Int64(exactly: (time.timeIntervalSince1970 * 1_000).rounded()) ?? 0
  }

  /// A JSON number, whole numbers without a fraction as USGS writes them (`145`, `5.6`); `null` for none.
  static func number(_ value: Double?) -> String {
    guard let value, value.isFinite else { return "null" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return "\(value)"
  }

  /// A JSON string, quoted and escaped; `null` for none.
  static func string(_ value: String?) -> String {
    guard let value else { return "null" }
    var escaped = "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": escaped += "\\\""
      case "\\": escaped += "\\\\"
      case "\n": escaped += "\\n"
      case "\r": escaped += "\\r"
      case "\t": escaped += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped + "\""
  }

  /// FNV-1a of `text`: the seed of the made-up station figures.
  private static func hash(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
    return hash
  }
}
