import Foundation
import QuakesModel
import QuakesTestSupport
import Testing

/// ObsPy's real FDSN client against a real quakesd that polled a real
/// feed: `Client(url).get_events(...)` for a table of parameter sets gives
/// the events, origin times (to the millisecond), coordinates, depths,
/// magnitudes and types `quakectl list` gives with the same filters; no
/// match is ObsPy's "No data"; ObsPy's QuakeML schema check passes.
///
/// ObsPy comes from PyPI into `.build/obspy-venv` (`make test` installs it);
/// without it the suite is skipped, and says so.
@Suite(
  "ObsPy's FDSN client reads the FDSN event service",
  .enabled(if: Fixtures.isAvailable, Comment(rawValue: Fixtures.absent)),
  .enabled(if: ObsPy.python != nil, Comment(rawValue: ObsPy.absent)),
  .timeLimit(.minutes(3)))
struct ObsPyClientTests {
  /// What the script asks ObsPy for: `get_events` keyword arguments, and
  /// quakectl's flags for the same question.
  static let cases: [(arguments: String, flags: [String])] = [
    (#"{"minmagnitude": 4.5}"#, ["--min-magnitude", "4.5"]),
    (
      #"{"minlatitude": 15, "maxlatitude": 20, "minlongitude": -70, "maxlongitude": -60}"#,
      ["--bbox", "15,-70,20,-60"]
    ),
    (
      #"{"starttime": "2025-10-20T00:00:00", "endtime": "2025-10-21T00:00:00", "orderby": "magnitude"}"#,
      ["--since", "2025-10-20T00:00:00Z", "--until", "2025-10-21T00:00:00.001Z", "--sort", "magnitude"]
    ),
    (#"{"mindepth": 100, "limit": 10, "orderby": "time-asc"}"#, ["--min-depth", "100", "--limit", "10", "--forward"]),
    (#"{"catalog": "ak", "maxdepth": 20}"#, ["--network", "ak", "--max-depth", "20"]),
    (#"{"eventtype": "explosion"}"#, ["--event-type", "explosion"]),
    // Two degrees of a great circle, as the service converts them.
    (
      #"{"latitude": 61, "longitude": -150, "maxradius": 2}"#,
      ["--near", "61,-150", "--radius", "\(2 * Earth.halfCircumferenceKm / 180)km"]
    ),
  ]

  /// The script: each case's events as ObsPy reads them, a no-match
  /// request's exception, and the schema check of a QuakeML answer.
  static let script = #"""
    import io, json, sys, urllib.request, warnings
    from obspy import UTCDateTime
    from obspy.clients.fdsn import Client
    from obspy.clients.fdsn.header import FDSNNoDataException
    from obspy.io.quakeml.core import _validate
    # What ObsPy warns of (a parameter the WADL lacks, a value it cannot read) fails the test.
    warnings.filterwarnings("error", category=UserWarning)

    base, cases = sys.argv[1], json.loads(sys.argv[2])
    client = Client(base)
    answers = []
    for arguments in cases:
        for key in ("starttime", "endtime"):
            if key in arguments:
                arguments[key] = UTCDateTime(arguments[key])
        events = []
        for event in client.get_events(**arguments):
            origin, magnitude = event.preferred_origin(), event.preferred_magnitude()
            events.append({
                "id": str(event.resource_id).rsplit("/", 1)[1],
                "time": round(origin.time.timestamp * 1000),
                "latitude": origin.latitude, "longitude": origin.longitude,
                "depth": None if origin.depth is None else origin.depth / 1000,
                "magnitude": magnitude.mag, "magnitudeType": magnitude.magnitude_type,
                "type": event.event_type,
            })
        answers.append(events)
    try:
        client.get_events(minmagnitude=9.9)
        nodata = "no exception"
    except FDSNNoDataException as error:
        nodata = type(error).__name__
    quakeml = urllib.request.urlopen(base + "/fdsnws/event/1/query?limit=200").read()
    print(json.dumps({"answers": answers, "nodata": nodata, "valid": _validate(io.BytesIO(quakeml))}))
    """#

  @Test("get_events answers as quakectl list does; no match is FDSNNoDataException; the QuakeML is schema-valid")
  func getEvents() async throws {
    let python = try #require(ObsPy.python)
    try await withDaemon(servingFeed: try Fixtures.bytes(FDSNServiceTests.fixture), arguments: ["--http-listen", "0"]) {
      daemon, _ in
      let base = try FDSNServiceTests.base(of: daemon)
      let root = String(base.dropLast("/fdsnws/event/1/".count))
      let cases = "[" + Self.cases.map(\.arguments).joined(separator: ",") + "]"
      let run = try await Command.run(python, ["-c", Self.script, root, cases])
      #expect(run.status == 0, "\(run.errors)")
      let result = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
      #expect(result["nodata"] as? String == "FDSNNoDataException")
      #expect(result["valid"] as? Bool == true, "ObsPy's schema check of the QuakeML: \(run.errors)")
      let answers = try #require(result["answers"] as? [[[String: Any]]])
      #expect(answers.count == Self.cases.count)
      for (question, events) in zip(Self.cases, answers) {
        let listed = try await quakectl(["list", "--format", "json"] + question.flags, daemon: daemon)
        let quakes = listed.json as? [[String: Any]] ?? []
        #expect(!quakes.isEmpty, "\(question.arguments) matches something")
        #expect(events.map { $0["id"] as? String } == quakes.map { $0["id"] as? String }, "\(question.arguments)")
        for (event, quake) in zip(events, quakes) {
          let time = try #require(quake["time"] as? String)
          let milliseconds = (Timestamp.parseISO8601(time)?.timeIntervalSince1970 ?? 0) * 1000
          #expect(event["time"] as? Double == milliseconds.rounded(), "\(question.arguments): \(event) \(quake)")
          #expect(event["latitude"] as? Double == quake["latitude"] as? Double)
          #expect(event["longitude"] as? Double == quake["longitude"] as? Double)
          let depth = event["depth"] as? Double
          let expected = quake["depth"] as? Double
          #expect((depth == nil) == (expected == nil))
          if let depth, let expected { #expect(abs(depth - expected) < 0.000_1, "\(event) \(quake)") }
          #expect(event["magnitude"] as? Double == quake["magnitude"] as? Double)
          #expect(event["magnitudeType"] as? String == quake["magnitudeType"] as? String)
          #expect(event["type"] as? String == quake["eventType"] as? String)
        }
      }
    }
  }
}
