import Foundation
import QuakesModel

extension FDSNEventRequest {
  /// Reads a request's `parameters` (decoded name–value pairs, in the
  /// order they came), as the FDSN event service 1.2 and USGS define them.
  ///
  /// - Throws: ``FDSNRequestError`` (400) naming the parameter, for one the
  ///   service does not know or cannot serve, one given twice, a value that
  ///   is not of its type or out of its range, a `limit` over `limitCeiling`.
  package init(parameters: [(name: String, value: String)], limitCeiling: Int) throws(FDSNRequestError) {
    var values: [FDSNParameter: String] = [:]
    for (name, value) in parameters {
      guard let parameter = FDSNParameter(name: name) else {
        throw FDSNRequestError("Unknown parameter: \(name). The parameters this service reads are in application.wadl.")
      }
      guard values[parameter] == nil else {
        throw FDSNRequestError("\(parameter.rawValue) is given more than once.")
      }
      values[parameter] = value
    }
    var box = BoxEdges()
    var circle = CircleParameters()
    for parameter in FDSNParameter.allCases {
      guard let raw = values[parameter] else { continue }
      let value = raw.trimmingCharacters(in: .whitespaces)
      let read = ParameterValue(parameter: parameter, text: value)
      switch parameter {
      case .starttime: self.query.filter.since = try read.time()
      case .endtime:
        // The specification's end is inclusive; the filter's `until` is not.
        self.query.filter.until = Timestamp.date(milliseconds: Timestamp.milliseconds(try read.time()) + 1)
      case .updatedafter: self.query.filter.updatedAfter = try read.time()
      case .minlatitude: box.minLatitude = try read.number(in: -90...90)
      case .maxlatitude: box.maxLatitude = try read.number(in: -90...90)
      case .minlongitude: box.minLongitude = try read.number(in: -180...180)
      case .maxlongitude: box.maxLongitude = try read.number(in: -180...180)
      case .latitude: circle.latitude = try read.number(in: -90...90)
      case .longitude: circle.longitude = try read.number(in: -180...180)
      case .minradius:
        // 0, the specification's default, asks for nothing.
        let degrees = try read.number(in: 0...180)
        circle.minRadiusKm = degrees > 0 ? degrees * Earth.halfCircumferenceKm / 180 : nil
      case .maxradius: circle.radiusKm = try read.number(in: 0...180) * Earth.halfCircumferenceKm / 180
      case .maxradiuskm:
        guard values[.maxradius] == nil else {
          throw FDSNRequestError("maxradius and maxradiuskm are both given; give one.")
        }
        circle.radiusKm = try read.number(in: 0...Earth.halfCircumferenceKm)
      case .mindepth: self.query.filter.minDepth = try read.number()
      case .maxdepth: self.query.filter.maxDepth = try read.number()
      case .minmagnitude: self.query.filter.minMagnitude = try read.number()
      case .maxmagnitude: self.query.filter.maxMagnitude = try read.number()
      case .magnitudetype: self.query.filter.magnitudeType = try read.word()
      case .eventtype:
        let word = try read.word()
        guard !word.contains(",") else {
          throw FDSNRequestError("eventtype is served with one type at a time, not a list: \(value).")
        }
        self.query.filter.eventType = word
      case .eventid: self.eventID = try read.word()
      case .includeallorigins, .includeallmagnitudes, .includearrivals:
        guard try !read.boolean() else {
          throw FDSNRequestError(
            "\(parameter.rawValue)=true is not supported: the cache holds one origin and one magnitude per event, and no arrivals."
          )
        }
      case .limit:
        self.query.limit = try read.integer(in: 1...limitCeiling)
        self.hasLimit = true
      case .offset: self.query.offset = try read.integer(in: 1...Int(Int32.max)) - 1
      case .orderby:
        switch value.lowercased() {
        case "time": (self.query.sort, self.query.order) = (.time, .reverse)
        case "time-asc": (self.query.sort, self.query.order) = (.time, .forward)
        case "magnitude": (self.query.sort, self.query.order) = (.magnitude, .reverse)
        case "magnitude-asc": (self.query.sort, self.query.order) = (.magnitude, .forward)
        default:
          throw FDSNRequestError(
            "Bad orderby value: \(value). It must be time, time-asc, magnitude or magnitude-asc.")
        }
      case .catalog: self.query.filter.network = try read.word().lowercased()
      case .contributor:
        throw FDSNRequestError(
          "contributor is not served: the cache keeps the network that located each event (catalog), not who contributed to it."
        )
      case .format:
        guard let format = FDSNFormat(name: value) else {
          throw FDSNRequestError("Bad format value: \(value). It must be xml (QuakeML), text or geojson.")
        }
        self.format = format
      case .nodata:
        guard let noData = Int(value).flatMap(NoData.init(rawValue:)) else {
          throw FDSNRequestError("Bad nodata value: \(value). It must be 204 or 404.")
        }
        self.noData = noData
      case .alertlevel:
        guard let level = AlertLevel(word: value) else {
          throw FDSNRequestError("Bad alertlevel value: \(value). It must be green, yellow, orange or red.")
        }
        self.query.filter.alert = level
      case .minfelt: self.query.filter.minFelt = try read.integer(in: 0...Int(Int32.max))
      case .mincdi: self.query.filter.minCdi = try read.number(in: 0...12)
      case .minmmi: self.query.filter.minMmi = try read.number(in: 0...12)
      case .minsig: self.query.filter.minSignificance = try read.integer(in: 0...Int(Int32.max))
      case .reviewstatus:
        switch value.lowercased() {
        case "all": self.query.filter.reviewStatus = nil
        case "automatic", "reviewed": self.query.filter.reviewStatus = ReviewStatus(rawValue: value)
        default: throw FDSNRequestError("Bad reviewstatus value: \(value). It must be all, automatic or reviewed.")
        }
      case .producttype:
        throw FDSNRequestError(
          "producttype is not supported: the cache holds the events' summaries, not their products.")
      }
    }
    if let since = self.query.filter.since, let until = self.query.filter.until, since >= until {
      throw FDSNRequestError("starttime must be before endtime.")
    }
    if let minimum = self.query.filter.minMagnitude, let maximum = self.query.filter.maxMagnitude, minimum > maximum {
      throw FDSNRequestError("minmagnitude must not be greater than maxmagnitude.")
    }
    if let minimum = self.query.filter.minDepth, let maximum = self.query.filter.maxDepth, minimum > maximum {
      throw FDSNRequestError("mindepth must not be greater than maxdepth.")
    }
    self.query.filter.bbox = try box.box()
    self.query.filter.near = circle.circle()
  }
}
