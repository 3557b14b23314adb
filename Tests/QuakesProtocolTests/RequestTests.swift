import Foundation
import QuakesModel
import QuakesProtocol
import Testing

@Suite("Request: parsing lines, with errors that say what to do")
struct RequestTests {
  private func parse(_ text: String) throws(Request.Rejection) -> Request {
    try Request(line: Data(text.utf8))
  }

  private func rejection(_ text: String) -> Request.Rejection? {
    do {
      _ = try self.parse(text)
      return nil
    } catch {
      return error
    }
  }

  @Test("a full request: version, id, method, more, params")
  func fullRequest() throws {
    let request = try self.parse(
      #"{"v":1,"id":7,"method":"quakes.list","params":{"limit":5,"sort":"magnitude"},"more":false}"#)
    #expect(request.version == 1)
    #expect(request.id == .integer(7))
    #expect(request.method == .list)
    #expect(!request.more)
    let params = try request.params(ListParams.self)
    #expect(params == ListParams(sort: .magnitude, limit: 5))
  }

  @Test("v defaults to the current version; params default to an empty object")
  func defaults() throws {
    let request = try self.parse(#"{"method":"quakes.count"}"#)
    #expect(request.version == WireProtocol.version)
    #expect(request.id == nil)
    #expect(try request.params(ListParams.self) == ListParams())
  }

  @Test(
    "any JSON scalar is an id, null included, and is echoed as it came",
    arguments: [#""abc""#, "42", "4.5", "true", "null"])
  func scalarIds(id: String) throws {
    let request = try self.parse(#"{"id":\#(id),"method":"daemon.info"}"#)
    let echoed = try Reply.line(id: request.id, result: CountResult(count: 0))
    #expect(String(decoding: echoed, as: UTF8.self) == #"{"v":2,"id":\#(id),"result":{"count":0}}"# + "\n")
    let rejected = try #require(self.rejection(#"{"id":\#(id),"method":"quakes.explode"}"#))
    #expect(Reply.line(id: rejected.id, error: rejected.error).starts(with: Data(#"{"v":2,"id":\#(id),"error""#.utf8)))
  }

  @Test("an absent id is not echoed; a null one is")
  func absentAndNullIds() throws {
    #expect(try self.parse(#"{"method":"daemon.info"}"#).id == nil)
    #expect(try self.parse(#"{"id":null,"method":"daemon.info"}"#).id == .null)
    #expect(self.rejection(#"{"id":null}"#)?.id == .null)
    #expect(self.rejection(#"{"method":"quakes.explode"}"#)?.id == nil)
  }

  @Test("not JSON, not an object: InvalidRequest that shows the expected shape")
  func notJSON() throws {
    for line in ["hello", "[1,2]", "{\"method\":", "42"] {
      let rejection = try #require(self.rejection(line), "\(line)")
      #expect(rejection.error.code == .invalidRequest)
      #expect(rejection.error.message.contains("one JSON object per line"), "\(rejection.error.message)")
    }
  }

  @Test("an unknown or missing method: InvalidRequest listing the known ones, with the id echoed")
  func unknownMethod() throws {
    let unknown = try #require(self.rejection(#"{"id":"x","method":"quakes.explode"}"#))
    #expect(unknown.id == .string("x"))
    #expect(unknown.error.code == .invalidRequest)
    #expect(unknown.error.message.contains("unknown method \"quakes.explode\""))
    #expect(unknown.error.message.contains("quakes.list"))
    let missing = try #require(self.rejection(#"{"id":3}"#))
    #expect(missing.id == .integer(3))
    #expect(missing.error.message.contains("no \"method\""))
  }

  @Test("a method of the wrong type still echoes the id")
  func wrongTypeEchoesId() throws {
    let rejection = try #require(self.rejection(#"{"id":9,"method":5}"#))
    #expect(rejection.id == .integer(9))
    #expect(rejection.error.code == .invalidRequest)
  }

  @Test("a version outside 1 to 2: UnsupportedVersion, naming the versions spoken", arguments: [0, 3, -1, 99])
  func otherVersion(version: Int) throws {
    let rejection = try #require(self.rejection(#"{"v":\#(version),"id":1,"method":"quakes.count"}"#))
    #expect(rejection.error.code == .unsupportedVersion)
    #expect(rejection.error.message.contains("protocol version \(version) is not supported"))
    #expect(rejection.error.message.contains("versions 1 to 2"))
  }

  @Test("a version 1 request is still answered, and says so; no version is the current one")
  func versionOne() throws {
    #expect(try self.parse(#"{"v":1,"id":1,"method":"quakes.count"}"#).version == 1)
    #expect(try self.parse(#"{"id":1,"method":"quakes.count"}"#).version == WireProtocol.version)
  }

  @Test("bad params name the param")
  func badParams() throws {
    let request = try self.parse(#"{"method":"quakes.list","params":{"limit":"ten"}}"#)
    #expect(throws: ProtocolError(.invalidRequest, "bad params for quakes.list: \"limit\" must be an integer")) {
      try request.params(ListParams.self)
    }
    let huge = try self.parse(#"{"method":"quakes.list","params":{"limit":1e300}}"#)
    do {
      _ = try huge.params(ListParams.self)
      Issue.record("1e300 read as a limit")
    } catch {
      #expect(error.message.hasPrefix("bad params for quakes.list: "), "\(error.message)")
      #expect(!error.message.contains("not a JSON object"), "\(error.message)")
    }
    let get = try self.parse(#"{"method":"quakes.get","params":{}}"#)
    #expect(throws: ProtocolError(.invalidRequest, "bad params for quakes.get: \"id\" is required")) {
      try get.params(IdParams.self)
    }
  }

  @Test(
    "read-only methods are exactly the queries; the actions, reload, backup, alert sends and backfills need control.sock"
  )
  func readOnly() {
    #expect(
      Method.allCases.filter { !$0.isReadOnly }
        == [.refresh, .delete, .purge, .reload, .backup, .alertSend, .backfill, .backfillCancel])
  }

  @Test("a client's request line parses back")
  func clientLine() throws {
    let line = try Request.line(method: .get, id: .integer(1), params: IdParams(id: "us7000abcd"))
    #expect(line.last == 0x0A)
    let request = try Request(line: line.dropLast())
    #expect(request.method == .get)
    #expect(try request.params(IdParams.self).id == "us7000abcd")
    let bare = try Request.line(method: .count)
    #expect(String(decoding: bare, as: UTF8.self) == "{\"v\":2,\"method\":\"quakes.count\"}\n")
  }
}

@Suite("ListParams: from the wire to a selector query")
struct ListParamsTests {
  @Test("absent params mean every quake, newest first")
  func defaults() throws {
    #expect(try ListParams().query() == QuakesQuery())
  }

  /// Filter params with `change` made.
  private static func filter(_ change: (inout FilterParams) -> Void) -> FilterParams {
    var params = FilterParams()
    change(&params)
    return params
  }

  @Test("every field maps onto the query")
  func fields() throws {
    let filter = Self.filter {
      $0.search = "alaska"
      $0.day = "2024-03-10"
      $0.timeZone = "Asia/Tokyo"
      $0.since = "2024-03-09T00:00:00Z"
      $0.until = "2024-03-11T00:00:00Z"
      $0.minMagnitude = 2.5
      $0.maxMagnitude = 6
      $0.minDepthKm = -1
      $0.maxDepthKm = 70
      $0.minAlert = "Yellow"
      $0.minFelt = 10
      $0.minCdi = 3.5
      $0.minMmi = 4
      $0.minSignificance = 600
      $0.tsunami = true
      $0.reviewStatus = "REVIEWED"
      $0.network = "us"
      $0.eventType = "quarry blast"
      $0.magnitudeType = "mww"
    }
    let params = ListParams(filter: filter, sort: .significance, order: .forward, limit: 10, offset: 20)
    let query = try params.query()
    #expect(query.filter.search == "alaska")
    #expect(query.filter.day == QuakesQuery.Day("2024-03-10"))
    #expect(query.filter.timeZone.identifier == "Asia/Tokyo")
    #expect(query.filter.since == Timestamp.parseISO8601("2024-03-09T00:00:00Z"))
    #expect(query.filter.until == Timestamp.parseISO8601("2024-03-11T00:00:00Z"))
    #expect(query.filter.minMagnitude == 2.5 && query.filter.maxMagnitude == 6)
    #expect(query.filter.minDepth == -1 && query.filter.maxDepth == 70)
    #expect(query.filter.minAlert == .yellow)
    #expect(query.filter.minFelt == 10 && query.filter.minCdi == 3.5 && query.filter.minMmi == 4)
    #expect(query.filter.minSignificance == 600 && query.filter.tsunami == true)
    #expect(query.filter.reviewStatus == .reviewed)
    #expect(query.filter.network == "us" && query.filter.eventType == "quarry blast")
    #expect(query.filter.magnitudeType == "mww")
    #expect(query.sort == .significance && query.order == .forward && query.limit == 10 && query.offset == 20)
  }

  @Test("the filter and the page are members of one JSON object, both ways")
  func flatJSON() throws {
    let json = #"{"minMagnitude":2,"tsunami":true,"minAlert":"orange","sort":"depth","limit":5}"#
    let params = try JSONDecoder().decode(ListParams.self, from: Data(json.utf8))
    #expect(params.filter.minMagnitude == 2 && params.filter.tsunami == true && params.filter.minAlert == "orange")
    #expect(params.sort == .depth && params.limit == 5)
    let encoded = try JSONEncoder().encode(params)
    let object = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: Any])
    #expect(Set(object.keys) == ["minMagnitude", "tsunami", "minAlert", "sort", "limit"])
    #expect(try JSONDecoder().decode(ListParams.self, from: encoded) == params)
  }

  @Test(
    "each bad value is an InvalidRequest naming the param, and the values it takes when they are few",
    arguments: [
      (ListParams(filter: filter { $0.day = "10/03/2024" }), "\"day\""),
      (ListParams(filter: filter { $0.timeZone = "Mars/Olympus" }), "\"timeZone\""),
      (ListParams(filter: filter { $0.since = "yesterday" }), "\"since\""),
      (ListParams(filter: filter { $0.until = "2024-13-01" }), "\"until\""),
      (ListParams(filter: filter { $0.maxMagnitude = .infinity }), "\"maxMagnitude\""),
      (ListParams(filter: filter { $0.minDepthKm = .nan }), "\"minDepthKm\""),
      (ListParams(filter: filter { $0.minAlert = "purple" }), "\"minAlert\" must be one of green, yellow, orange, red"),
      (
        ListParams(filter: filter { $0.reviewStatus = "maybe" }),
        "\"reviewStatus\" must be one of automatic, reviewed, deleted"
      ),
      (ListParams(limit: -1), "\"limit\""), (ListParams(offset: -5), "\"offset\""),
    ])
  func badValues(params: ListParams, name: String) {
    do {
      _ = try params.query()
      Issue.record("accepted \(params)")
    } catch {
      #expect(error.code == .invalidRequest)
      #expect(error.message.hasPrefix(name), "\(error.message)")
    }
  }
}

@Suite("Reply: result and error lines")
struct ReplyTests {
  @Test("a result line and a streamed one")
  func resultLines() throws {
    let line = try Reply.line(id: .integer(7), result: CountResult(count: 3))
    #expect(String(decoding: line, as: UTF8.self) == "{\"v\":2,\"id\":7,\"result\":{\"count\":3}}\n")
    let streamed = try Reply.line(id: nil, result: CountResult(count: 3), continues: true)
    #expect(String(decoding: streamed, as: UTF8.self) == "{\"v\":2,\"result\":{\"count\":3},\"continues\":true}\n")
  }

  @Test("an error line carries the code and the message")
  func errorLine() {
    let line = Reply.line(id: .string("a"), error: ProtocolError(.notFound, "no quake with id x in the cache"))
    #expect(
      String(decoding: line, as: UTF8.self)
        == "{\"v\":2,\"id\":\"a\",\"error\":{\"code\":\"quakes.NotFound\",\"message\":\"no quake with id x in the cache\"}}\n"
    )
  }
}

@Suite("Filter params by place: near, bbox, within")
struct PlaceParamsTests {
  private static func params(_ json: String) throws -> ListParams {
    try JSONDecoder().decode(ListParams.self, from: Data(json.utf8))
  }

  @Test("near, bbox and a polygon with a hole reach the filter; a longitude up to ±540 is wrapped")
  func accepted() throws {
    let json = """
      {"near":{"latitude":47.61,"longitude":-482.33,"radiusKm":300},
       "bbox":{"minLatitude":-22,"maxLatitude":-12,"minLongitude":170,"maxLongitude":-170},
       "within":{"type":"Polygon","coordinates":[[[0,0],[10,0],[10,10],[0,10],[0,0]],[[4,4],[6,4],[6,6],[4,6],[4,4]]]},
       "sort":"distance"}
      """
    let query = try Self.params(json).query()
    let near = try #require(query.filter.near)
    #expect(near.centre.latitude == 47.61 && abs(near.centre.longitude - -122.33) < 1e-9 && near.radiusKm == 300)
    #expect(query.filter.bbox?.crossesAntimeridian == true)
    #expect(query.filter.within?.polygons.first?.rings.count == 2)
    #expect(query.sort == .distance)
  }

  @Test("a box a turn wide is every longitude; polygon corners past 180° keep their side of the antimeridian")
  func wideBoxAndUnwrappedCorners() throws {
    let box = try Self.params(
      #"{"bbox":{"minLatitude":-10,"maxLatitude":10,"minLongitude":0,"maxLongitude":360}}"#
    ).query().filter.bbox
    #expect(box?.contains(GeoPoint(latitude: 0, longitude: 100)) == true)
    #expect(box?.contains(GeoPoint(latitude: 0, longitude: -100)) == true)
    let region = try Self.params(
      #"{"within":{"type":"Polygon","coordinates":[[[170,-20],[190,-20],[190,-10],[170,-10],[170,-20]]]}}"#
    ).query().filter.within
    #expect(region?.contains(GeoPoint(latitude: -15, longitude: 175)) == true)
    #expect(region?.contains(GeoPoint(latitude: -15, longitude: -175)) == true)
    #expect(region?.contains(GeoPoint(latitude: -15, longitude: 0)) == false)
  }

  @Test("positions with an altitude count once toward the limit")
  func altitudePositions() throws {
    let positions = (0..<7_000).map { "[\(Double($0) / 100),\(Double($0 % 2) / 10),12.5]" }
    let json =
      #"{"within":{"type":"Polygon","coordinates":[["# + (positions + [positions[0]]).joined(separator: ",") + "]]}}"
    #expect(try Self.params(json).query().filter.within != nil)
  }

  @Test("a polygon of more than 10,000 positions is refused, naming the limit")
  func hugePolygon() throws {
    let positions = (0...10_001).map { "[\(Double($0 % 360) - 180),\(Double($0 % 2))]" }
    let json = #"{"within":{"type":"Polygon","coordinates":[["# + positions.joined(separator: ",") + "]]}}"
    do {
      _ = try Self.params(json).query()
      Issue.record("accepted a polygon of 10,002 positions")
    } catch let error as ProtocolError {
      #expect(error.code == .invalidRequest)
      #expect(error.message.contains("at most 10000"), "\(error.message)")
    }
  }

  @Test(
    "a bad place is an InvalidRequest that says what is wrong",
    arguments: [
      (#"{"near":{"latitude":91,"longitude":0}}"#, #""near": latitude 91.0 is not within −90…90"#),
      (#"{"near":{"latitude":0,"longitude":600}}"#, #""near": longitude 600.0"#),
      (#"{"near":{"latitude":0,"longitude":0,"radiusKm":-1}}"#, #""near.radiusKm" must be a distance"#),
      (
        #"{"bbox":{"minLatitude":10,"maxLatitude":0,"minLongitude":0,"maxLongitude":1}}"#,
        #""bbox.minLatitude" (10.0) must not be above"#
      ),
      (#"{"within":{"type":"Point","coordinates":[0,0]}}"#, #""within.type" must be Polygon or MultiPolygon"#),
      (
        #"{"within":{"type":"Polygon","coordinates":[[[0,0],[1,0],[0,0]]]}}"#,
        #""within.coordinates[0]" has 3 positions"#
      ),
      (
        #"{"within":{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,1]]]}}"#,
        #""within.coordinates[0]" is not closed"#
      ),
      (
        #"{"within":{"type":"Polygon","coordinates":[[[0,0],[1],[1,1],[0,0]]]}}"#,
        #""within.coordinates[0][1]" must be a position"#
      ),
      (
        #"{"within":{"type":"Polygon","coordinates":[[[0,0],[1,95],[1,1],[0,0]]]}}"#,
        #""within.coordinates[0][1]": latitude 95.0"#
      ),
      (#"{"within":{"type":"MultiPolygon","coordinates":[]}}"#, #""within.coordinates" must be a list of polygons"#),
      (#"{"sort":"distance"}"#, #""sort": "distance" needs "near""#),
    ])
  func refused(json: String, message: String) throws {
    let params = try Self.params(json)
    do {
      _ = try params.query()
      Issue.record("accepted \(json)")
    } catch {
      #expect(error.code == .invalidRequest)
      #expect(error.message.hasPrefix(message), "\(error.message)")
    }
  }
}
