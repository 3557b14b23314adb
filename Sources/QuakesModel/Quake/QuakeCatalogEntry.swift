/// How the USGS catalogue files a quake: its title, the network that made
/// the preferred solution and that network's code, every id and
/// contributing network, the products, the detail feed and the old local
/// time-zone offset.
public struct QuakeCatalogEntry: Hashable, Sendable {
  /// `title`, e.g. `M 4.6 - 10 km SSW of Hualien City, Taiwan`.
  public var title: String?
  /// `net`: the network that contributed the preferred solution, e.g. `us`.
  public var network: String?
  /// `code`: that network's code for the event, e.g. `7000abcd`.
  public var code: String?
  /// `ids`: every id the event is known by, the preferred one among them.
  public var ids: CommaWrappedList?
  /// `sources`: the networks that contributed (in the order of `ids`).
  public var sources: CommaWrappedList?
  /// `types`: the kinds of product USGS holds for the event (`origin`,
  /// `shakemap`, `dyfi`, `losspager`, …).
  public var productTypes: CommaWrappedList?
  /// `detail`: the URL of the event's GeoJSON detail feed.
  public var detail: String?
  /// `tz`: the offset of the local time zone at the epicentre, in minutes
  /// (USGS stopped filling it in; most recent events have none).
  public var timeZoneOffset: Int?

  /// Creates an entry; every value is optional.
  public init(
    title: String? = nil, network: String? = nil, code: String? = nil, ids: CommaWrappedList? = nil,
    sources: CommaWrappedList? = nil, productTypes: CommaWrappedList? = nil, detail: String? = nil,
    timeZoneOffset: Int? = nil
  ) {
    self.title = title
    self.network = network
    self.code = code
    self.ids = ids
    self.sources = sources
    self.productTypes = productTypes
    self.detail = detail
    self.timeZoneOffset = timeZoneOffset
  }

  /// Nothing known.
  public static let unknown = QuakeCatalogEntry()
}
