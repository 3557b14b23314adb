import Foundation
import QuakesModel
import Testing

@testable import QuakesFDSN

/// The query's parameters as the FDSN event service 1.2 and USGS define
/// them: each one (and each alias) reaches its filter, and every value the
/// service cannot serve is refused with a message that names it.
@Suite("FDSN request parameters")
struct FDSNEventRequestTests {
  private static func request(_ query: String, ceiling: Int = 20_000) throws(FDSNRequestError) -> FDSNEventRequest {
    try FDSNEventRequest(parameters: try FDSNQueryString.parameters(of: query), limitCeiling: ceiling)
  }

  private static func refusal(_ query: String) -> FDSNRequestError? {
    do {
      _ = try Self.request(query)
      return nil
    } catch {
      return error
    }
  }

  @Test("no parameter asks for every event, newest first, in QuakeML, 204 when none")
  func defaults() throws {
    let request = try Self.request("")
    #expect(request.query == QuakesQuery())
    #expect(request.format == .xml)
    #expect(request.noData == .noContent)
    #expect(!request.hasLimit)
    #expect(request.eventID == nil)
  }

  @Test("times: starttime and endtime (inclusive, to the millisecond), and their aliases")
  func times() throws {
    let request = try Self.request("starttime=2024-03-10&endtime=2024-03-11T12:30:00.250")
    #expect(request.query.filter.since == Timestamp.parseISO8601("2024-03-10T00:00:00Z"))
    #expect(request.query.filter.until == Timestamp.parseISO8601("2024-03-11T12:30:00.251Z"))
    #expect(try Self.request("start=2024-03-10T00:00:00Z&end=2024-03-11").query.filter.until != nil)
    #expect(Self.refusal("starttime=2024-03-11&endtime=2024-03-10")?.reason == "starttime must be before endtime.")
    #expect(Self.refusal("starttime=yesterday")?.reason.hasPrefix("Bad starttime value: yesterday.") == true)
  }

  @Test("a box: each edge, the others the Earth's; across the antimeridian when min > max longitude")
  func box() throws {
    let box = try #require(try Self.request("minlat=10&maxlongitude=-170&minlongitude=170").query.filter.bbox)
    #expect(box == GeoBox(minLatitude: 10, maxLatitude: 90, minLongitude: 170, maxLongitude: -170))
    #expect(box.crossesAntimeridian)
    #expect(Self.refusal("minlatitude=91")?.reason == "Bad minlatitude value: 91. It must be a number from -90 to 90.")
    #expect(
      Self.refusal("minlatitude=20&maxlatitude=10")?.reason == "minlatitude must not be greater than maxlatitude.")
  }

  @Test("a circle: latitude, longitude and maxradius in degrees or maxradiuskm")
  func circle() throws {
    let degrees = try #require(try Self.request("lat=35&lon=-120&maxradius=1").query.filter.near)
    #expect(degrees.centre == GeoPoint(latitude: 35, longitude: -120))
    #expect(abs((degrees.radiusKm ?? 0) - 111.195) < 0.001, "a degree of a great circle of the mean radius")
    let kilometres = try #require(try Self.request("latitude=35&longitude=-120&maxradiuskm=50").query.filter.near)
    #expect(kilometres.radiusKm == 50)
    #expect(try Self.request("latitude=35&longitude=-120").query.filter.near == nil, "without a radius: the Earth")
    let ring = try #require(try Self.request("lat=35&lon=-120&minradius=1&maxradiuskm=500").query.filter.near)
    #expect(abs((ring.minRadiusKm ?? 0) - 111.195) < 0.001 && ring.radiusKm == 500, "a ring: minradius in degrees")
    let outside = try #require(try Self.request("lat=35&lon=-120&minradius=2").query.filter.near)
    #expect(outside.radiusKm == nil && outside.minRadiusKm != nil, "minradius alone: everything beyond it")
    #expect(Self.refusal("minradius=181")?.reason == "Bad minradius value: 181. It must be a number from 0 to 180.")
    #expect(
      Self.refusal("maxradius=1&maxradiuskm=100")?.reason == "maxradius and maxradiuskm are both given; give one.")
    #expect(Self.refusal("maxradius=181")?.reason == "Bad maxradius value: 181. It must be a number from 0 to 180.")
  }

  @Test("depth, magnitude, types and the USGS impact parameters")
  func values() throws {
    let filter = try Self.request(
      "mindepth=5&maxdepth=70.5&minmag=4.5&maxmagnitude=7&magtype=mww&eventtype=earthquake"
        + "&minfelt=10&mincdi=3.5&minmmi=4&minsig=600&reviewstatus=reviewed&catalog=us"
    ).query.filter
    #expect(filter.minDepth == 5 && filter.maxDepth == 70.5)
    #expect(filter.minMagnitude == 4.5 && filter.maxMagnitude == 7)
    #expect(filter.magnitudeType == "mww" && filter.eventType == "earthquake")
    #expect(filter.minFelt == 10 && filter.minCdi == 3.5 && filter.minMmi == 4 && filter.minSignificance == 600)
    #expect(filter.reviewStatus == ReviewStatus(rawValue: "reviewed"))
    #expect(filter.network == "us")
    #expect(try Self.request("reviewstatus=all").query.filter.reviewStatus == nil)
    #expect(
      Self.refusal("minmagnitude=6&maxmagnitude=5")?.reason == "minmagnitude must not be greater than maxmagnitude.")
    #expect(try Self.request("catalog=US").query.filter.network == "us")
  }

  @Test(
    "numbers that are not finite are refused, not trapped on", arguments: ["nan", "inf", "-inf", "1e999", "", "4,5"])
  func notFinite(_ text: String) {
    #expect(Self.refusal("minmagnitude=\(text)")?.reason == "Bad minmagnitude value: \(text). It must be a number.")
  }

  @Test("limit (to the ceiling), offset (from 1), orderby")
  func paging() throws {
    let request = try Self.request("limit=10&offset=21&orderby=magnitude-asc", ceiling: 100)
    #expect(request.query.limit == 10 && request.hasLimit)
    #expect(request.query.offset == 20)
    #expect(request.query.sort == .magnitude && request.query.order == .forward)
    #expect(try Self.request("orderby=time-asc").query.order == .forward)
    #expect(try Self.request("orderby=magnitude").query.sort == .magnitude)
    #expect(try Self.request("limit=100", ceiling: 100).query.limit == 100)
    do {
      _ = try Self.request("limit=101", ceiling: 100)
      Issue.record("a limit over the ceiling is served")
    } catch {
      #expect(error == FDSNRequestError("Bad limit value: 101. It must be a whole number from 1 to 100."))
    }
    #expect(Self.refusal("limit=0")?.reason == "Bad limit value: 0. It must be a whole number from 1 to 20000.")
    #expect(Self.refusal("offset=0") != nil, "offset counts from 1")
    #expect(Self.refusal("orderby=distance")?.reason.hasPrefix("Bad orderby value: distance.") == true)
  }

  @Test("format, nodata, eventid")
  func answers() throws {
    #expect(try Self.request("format=text").format == .text)
    #expect(try Self.request("format=geojson").format == .geojson)
    #expect(try Self.request("format=quakeml").format == .xml)
    #expect(try Self.request("nodata=404").noData == .notFound)
    #expect(try Self.request("eventid=us7000abcd").eventID == "us7000abcd")
    #expect(Self.refusal("format=kml")?.reason.hasPrefix("Bad format value: kml.") == true)
    #expect(Self.refusal("nodata=500")?.reason == "Bad nodata value: 500. It must be 204 or 404.")
    #expect(try Self.request("alertlevel=ORANGE").query.filter.alert == .orange)
    #expect(
      Self.refusal("alertlevel=purple")?.reason
        == "Bad alertlevel value: purple. It must be green, yellow, orange or red.")
    let updated = try Self.request("updatedafter=2024-01-01T12:00:00.250").query.filter.updatedAfter
    #expect(updated == Date(timeIntervalSince1970: 1_704_110_400.25))
    #expect(Self.refusal("updatedafter=yesterday")?.reason.hasPrefix("Bad updatedafter value: yesterday.") == true)
  }

  @Test(
    "what the cache cannot serve is refused by name",
    arguments: [
      "includeallorigins=true", "includeallmagnitudes=true", "includearrivals=TRUE", "producttype=shakemap",
      "eventtype=earthquake,explosion", "contributor=us",
    ])
  func refused(_ query: String) {
    let name = String(query.prefix { $0 != "=" })
    #expect(Self.refusal(query)?.reason.contains(name) == true, "\(String(describing: Self.refusal(query)))")
    #expect(Self.refusal(query)?.status == 400)
  }

  @Test("spaces around a value are not part of it, for every kind of value")
  func spaces() throws {
    let request = try Self.request("orderby=%20time-asc%20&format=+text&nodata=404+&minmag=+4&includearrivals=false+")
    #expect(request.query.order == .forward && request.format == .text && request.noData == .notFound)
    #expect(request.query.filter.minMagnitude == 4)
  }

  @Test("false is served for the include parameters")
  func includeFalse() throws {
    #expect(
      try Self.request("includeallorigins=false&includeallmagnitudes=False&includearrivals=false").query
        == QuakesQuery())
  }

  @Test("an unknown parameter, or one given twice, is refused by name")
  func unknownAndRepeated() {
    #expect(Self.refusal("minmagnitude=4&foo=1")?.reason.hasPrefix("Unknown parameter: foo.") == true)
    #expect(Self.refusal("minmag=4&minmagnitude=5")?.reason == "minmagnitude is given more than once.")
  }

  @Test("every parameter and alias is read in any case")
  func names() {
    for parameter in FDSNParameter.allCases {
      for name in [parameter.rawValue] + parameter.aliases {
        #expect(FDSNParameter(name: name.uppercased()) == parameter)
      }
    }
  }

  @Test("the query string: percent-decoding, + as a space, empty pieces skipped, bad escapes refused")
  func queryString() throws {
    let pairs = try FDSNQueryString.parameters(of: "eventtype=quarry+blast&&catalog=%75s&flag")
    #expect(pairs.map(\.name) == ["eventtype", "catalog", "flag"])
    #expect(pairs.map(\.value) == ["quarry blast", "us", ""])
    #expect(throws: FDSNRequestError.self) { try FDSNQueryString.parameters(of: "a=%4") }
    #expect(throws: FDSNRequestError.self) { try FDSNQueryString.parameters(of: "a=%zz") }
    #expect(throws: FDSNRequestError.self) { try FDSNQueryString.parameters(of: "a=%ff") }
  }
}
