/// A parameter of `/fdsnws/event/1/query` and `count`: its name, the short
/// aliases the FDSN specification allows, and what it filters. Each is
/// declared here once; the parsing (``FDSNEventRequest/init(parameters:limitCeiling:)``)
/// and the WADL (``FDSNServiceDocuments/wadl``) both go through every case.
///
/// The FDSN event service 1.2 defines most of them; `maxradiuskm`, the
/// impact parameters (`alertlevel`, `minfelt`, `mincdi`, `minmmi`, `minsig`),
/// `reviewstatus` and `producttype` are USGS's extensions, which quakesd
/// serves where its cache holds the value.
enum FDSNParameter: String, CaseIterable, Sendable {
  case starttime, endtime, updatedafter
  case minlatitude, maxlatitude, minlongitude, maxlongitude
  case latitude, longitude, minradius, maxradius, maxradiuskm
  case mindepth, maxdepth, minmagnitude, maxmagnitude, magnitudetype
  case eventtype, eventid
  case includeallorigins, includeallmagnitudes, includearrivals
  case limit, offset, orderby
  case catalog, contributor
  case format, nodata
  case alertlevel, minfelt, mincdi, minmmi, minsig, reviewstatus, producttype

  /// The short names the specification allows besides the full one.
  var aliases: [String] {
    switch self {
    case .starttime: ["start"]
    case .endtime: ["end"]
    case .minlatitude: ["minlat"]
    case .maxlatitude: ["maxlat"]
    case .minlongitude: ["minlon"]
    case .maxlongitude: ["maxlon"]
    case .latitude: ["lat"]
    case .longitude: ["lon"]
    case .minmagnitude: ["minmag"]
    case .maxmagnitude: ["maxmag"]
    case .magnitudetype: ["magtype"]
    case .updatedafter, .minradius, .maxradius, .maxradiuskm, .mindepth, .maxdepth, .eventtype, .eventid,
      .includeallorigins, .includeallmagnitudes, .includearrivals, .limit, .offset, .orderby, .catalog,
      .contributor, .format, .nodata, .alertlevel, .minfelt, .mincdi, .minmmi, .minsig, .reviewstatus,
      .producttype:
      []
    }
  }

  /// The type the WADL gives it (`xs:` names).
  var wadlType: String {
    switch self {
    case .starttime, .endtime, .updatedafter: "xs:dateTime"
    case .minlatitude, .maxlatitude, .minlongitude, .maxlongitude, .latitude, .longitude, .minradius, .maxradius,
      .maxradiuskm, .mindepth, .maxdepth, .minmagnitude, .maxmagnitude, .mincdi, .minmmi:
      "xs:double"
    case .limit, .offset, .nodata, .minfelt, .minsig: "xs:int"
    case .includeallorigins, .includeallmagnitudes, .includearrivals: "xs:boolean"
    case .magnitudetype, .eventtype, .eventid, .orderby, .catalog, .contributor, .format, .alertlevel,
      .reviewstatus, .producttype:
      "xs:string"
    }
  }

  /// The parameter `name` stands for, full or short, in any case; `nil`
  /// for a name the service does not know.
  init?(name: String) {
    let lowered = name.lowercased()
    guard let parameter = Self.allCases.first(where: { $0.rawValue == lowered || $0.aliases.contains(lowered) })
    else { return nil }
    self = parameter
  }
}
