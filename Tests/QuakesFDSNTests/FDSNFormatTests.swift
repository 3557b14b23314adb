import Foundation
import QuakesModel
import Testing

@testable import QuakesFDSN

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The service's formats: QuakeML that an XML parser reads back, with its
/// identifiers in QuakeML's pattern and its markup escaped; the FDSN text
/// table with 14 columns per line whatever a place holds.
@Suite("FDSN formats: QuakeML and text")
struct FDSNFormatTests {
  private static let quake = Quake(
    id: "us7000abcd", magnitude: 6.1, magnitudeType: "mww", time: Date(timeIntervalSince1970: 1_700_000_000.123),
    updated: Date(timeIntervalSince1970: 1_700_000_600), place: "10 km <S> of \"Tōhoku\" & more|here",
    longitude: 142.5, latitude: 38.25, depth: 10.12, status: ReviewStatus(rawValue: "reviewed"),
    eventType: "earthquake",
    solution: QuakeSolution(stationCount: 120, minimumDistance: 1.5, rootMeanSquare: 0.8, azimuthalGap: 25),
    catalog: QuakeCatalogEntry(network: "us"))

  /// The element names and texts an XML parser reads from `xml`.
  private final class Reader: NSObject, XMLParserDelegate {
    var elements: [String] = []
    var texts: [String: String] = [:]
    private var current = ""

    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String] = [:]
    ) {
      self.elements.append(name)
      self.current = ""
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { self.current += string }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
      if !self.current.isEmpty { self.texts[name] = self.current }
      self.current = ""
    }
  }

  private static func read(_ xml: String) throws -> Reader {
    let parser = XMLParser(data: Data(xml.utf8))
    let reader = Reader()
    parser.delegate = reader
    #expect(parser.parse(), "\(String(describing: parser.parserError)) in \(xml)")
    return reader
  }

  @Test("a QuakeML document of an event reads back: time, place, depth in metres, magnitude, quality, status")
  func quakeML() throws {
    let xml = QuakeMLWriter.opening + QuakeMLWriter.event(Self.quake) + QuakeMLWriter.closing
    let reader = try Self.read(xml)
    #expect(reader.elements.prefix(3) == ["q:quakeml", "eventParameters", "event"])
    #expect(reader.texts["text"] == "10 km <S> of \"Tōhoku\" & more|here")
    #expect(reader.texts["agencyID"] == "us" && reader.texts["usedStationCount"] == "120")
    #expect(xml.contains("<depth><value>10120.0</value></depth>"))
    #expect(xml.contains("<time><value>2023-11-14T22:13:20.123Z</value></time>"))
    #expect(xml.contains("<mag><value>6.1</value></mag><type>mww</type>"))
    #expect(xml.contains("<evaluationMode>manual</evaluationMode><evaluationStatus>reviewed</evaluationStatus>"))
    #expect(xml.contains("<usedStationCount>120</usedStationCount>"))
    #expect(xml.contains("<type>earthquake</type>"))
    #expect(xml.contains("<event publicID=\"smi:quakesd/event/us7000abcd\">"))
  }

  @Test("an event without magnitude, depth, place or type still reads back, with no magnitude")
  func sparse() throws {
    let quake = Quake(
      id: "x", magnitude: nil, time: Date(timeIntervalSince1970: 0), updated: Date(timeIntervalSince1970: 0),
      place: nil, longitude: 0, latitude: 0)
    let xml = QuakeMLWriter.opening + QuakeMLWriter.event(quake) + QuakeMLWriter.closing
    let reader = try Self.read(xml)
    #expect(!reader.elements.contains("magnitude") && !reader.elements.contains("preferredMagnitudeID"))
    #expect(reader.elements.contains("preferredOriginID"))
  }

  @Test("an event is written byte for byte as before the writer wrote bytes: every element, escaped text, odd ids")
  func bytesAsBefore() {
    let quakes = [
      Self.quake,
      Quake(
        id: "x", magnitude: nil, time: Date(timeIntervalSince1970: 0), updated: Date(timeIntervalSince1970: 0),
        place: nil, longitude: 0, latitude: 0),
      Quake(
        id: "a b/ä", magnitude: -0.5, magnitudeType: "", time: Date(timeIntervalSince1970: -1.5),
        updated: Date(timeIntervalSince1970: 253_402_300_799.999), place: "", longitude: -179.99999, latitude: -89.5,
        depth: -3.456789, status: ReviewStatus(rawValue: "automatic"), eventType: "Quarry_Blast",
        solution: QuakeSolution(stationCount: 0, rootMeanSquare: 1e-7),
        catalog: QuakeCatalogEntry(network: "a<&>b")),
      Quake(
        id: "nc1", magnitude: 2, magnitudeType: "md\u{01}x", time: Date(timeIntervalSince1970: 1e9),
        updated: Date(timeIntervalSince1970: 1e9), place: "x\u{FFFE}y", longitude: 1e-5, latitude: 12345.678,
        depth: 0, status: ReviewStatus(rawValue: "deleted"), eventType: "volcano",
        solution: QuakeSolution(minimumDistance: 123456789.123, azimuthalGap: 360)),
    ]
    let expected = [
      #"<event publicID="smi:quakesd/event/us7000abcd"><description><type>earthquake name</type><text>10 km &lt;S&gt; of &quot;Tōhoku&quot; &amp; more|here</text></description><origin publicID="smi:quakesd/origin/us7000abcd"><time><value>2023-11-14T22:13:20.123Z</value></time><longitude><value>142.5</value></longitude><latitude><value>38.25</value></latitude><depth><value>10120.0</value></depth><quality><usedStationCount>120</usedStationCount><standardError>0.8</standardError><azimuthalGap>25.0</azimuthalGap><minimumDistance>1.5</minimumDistance></quality><evaluationMode>manual</evaluationMode><evaluationStatus>reviewed</evaluationStatus><creationInfo><agencyID>us</agencyID></creationInfo></origin><magnitude publicID="smi:quakesd/magnitude/us7000abcd"><mag><value>6.1</value></mag><type>mww</type><originID>smi:quakesd/origin/us7000abcd</originID><creationInfo><agencyID>us</agencyID></creationInfo></magnitude><preferredMagnitudeID>smi:quakesd/magnitude/us7000abcd</preferredMagnitudeID><preferredOriginID>smi:quakesd/origin/us7000abcd</preferredOriginID><type>earthquake</type><creationInfo><agencyID>us</agencyID><creationTime>2023-11-14T22:23:20.000Z</creationTime></creationInfo></event>"#,
      #"<event publicID="smi:quakesd/event/x"><origin publicID="smi:quakesd/origin/x"><time><value>1970-01-01T00:00:00.000Z</value></time><longitude><value>0.0</value></longitude><latitude><value>0.0</value></latitude></origin><preferredOriginID>smi:quakesd/origin/x</preferredOriginID><creationInfo><creationTime>1970-01-01T00:00:00.000Z</creationTime></creationInfo></event>"#,
      #"<event publicID="smi:quakesd/event/a~20b~2F~C3~A4"><origin publicID="smi:quakesd/origin/a~20b~2F~C3~A4"><time><value>1969-12-31T23:59:58.500Z</value></time><longitude><value>-179.99999</value></longitude><latitude><value>-89.5</value></latitude><depth><value>-3456.8</value></depth><quality><usedStationCount>0</usedStationCount><standardError>1e-07</standardError></quality><evaluationMode>automatic</evaluationMode><creationInfo><agencyID>a&lt;&amp;&gt;b</agencyID></creationInfo></origin><magnitude publicID="smi:quakesd/magnitude/a~20b~2F~C3~A4"><mag><value>-0.5</value></mag><originID>smi:quakesd/origin/a~20b~2F~C3~A4</originID><creationInfo><agencyID>a&lt;&amp;&gt;b</agencyID></creationInfo></magnitude><preferredMagnitudeID>smi:quakesd/magnitude/a~20b~2F~C3~A4</preferredMagnitudeID><preferredOriginID>smi:quakesd/origin/a~20b~2F~C3~A4</preferredOriginID><type>quarry blast</type><creationInfo><agencyID>a&lt;&amp;&gt;b</agencyID><creationTime>9999-12-31T23:59:59.999Z</creationTime></creationInfo></event>"#,
      #"<event publicID="smi:quakesd/event/nc1"><description><type>earthquake name</type><text>x y</text></description><origin publicID="smi:quakesd/origin/nc1"><time><value>2001-09-09T01:46:40.000Z</value></time><longitude><value>1e-05</value></longitude><latitude><value>12345.678</value></latitude><depth><value>0.0</value></depth><quality><azimuthalGap>360.0</azimuthalGap></quality></origin><magnitude publicID="smi:quakesd/magnitude/nc1"><mag><value>2.0</value></mag><type>md x</type><originID>smi:quakesd/origin/nc1</originID></magnitude><preferredMagnitudeID>smi:quakesd/magnitude/nc1</preferredMagnitudeID><preferredOriginID>smi:quakesd/origin/nc1</preferredOriginID><type>other event</type><creationInfo><creationTime>2001-09-09T01:46:40.000Z</creationTime></creationInfo></event>"#,
    ]
    for (quake, xml) in zip(quakes, expected) {
      #expect(QuakeMLWriter.event(quake) == xml + "\n", "\(quake.id)")
    }
  }

  @Test("identifiers: any id becomes a distinct key in QuakeML's pattern")
  func identifiers() throws {
    let pattern = try Regex(#"^[\w\-\.\*\(\)_~']+$"#)
    let ids = ["us7000abcd", "a b", "a~20b", "ä", "a/b", "", "<&>"]
    let keys = ids.map(QuakeMLWriter.identifier)
    #expect(Set(keys).count == ids.count, "\(keys)")
    for key in keys {
      #expect(key.wholeMatch(of: pattern) != nil, "\(key)")
      #expect(key.unicodeScalars.allSatisfy { $0.isASCII })
    }
  }

  @Test("a long id keeps every identifier within QuakeML's 255 characters, and distinct")
  func longIdentifiers() {
    let long = String(repeating: "é", count: 300)
    let keys = [long, long + "x", String(repeating: "a", count: 5_000)].map(QuakeMLWriter.identifier)
    #expect(Set(keys).count == 3)
    for key in keys {
      #expect(key.count <= QuakeMLWriter.longestKey)
      #expect(("smi:quakesd/magnitude/" + key).count <= 255)
    }
    #expect(QuakeMLWriter.identifier("us7000abcd") == "us7000abcd", "a short id is kept as it is")
  }

  @Test("a limit counts code points, as XML Schema's maxLength does: a decomposed letter is two")
  func codePoints() {
    let decomposed = String(repeating: "e\u{301}", count: 20)
    #expect(QuakeMLWriter.escaped(decomposed, limit: 32).unicodeScalars.count == 32)
  }

  @Test("the error document keeps what it echoes on one line")
  func oneLineEcho() {
    let body = FDSNErrorDocument.body(
      status: 400, reason: "Bad eventtype value: a\nError 500: forged", request: "/fdsnws/event/1/query?x=%0A",
      base: "http://h/fdsnws/event/1/", date: Date(timeIntervalSince1970: 0))
    #expect(!body.contains("\nError 500"))
    #expect(body.hasPrefix("Error 400: Bad Request\n\nBad eventtype value: a Error 500: forged\n"))
  }

  @Test("event types QuakeML does not know are written as other event")
  func eventTypes() {
    #expect(QuakeMLEventType.of("earthquake") == "earthquake")
    #expect(QuakeMLEventType.of("Quarry_Blast") == "quarry blast")
    #expect(QuakeMLEventType.of("volcano") == "other event")
    #expect(QuakeMLEventType.of(nil) == nil)
  }

  @Test("control characters XML cannot carry become spaces; limits cut at characters")
  func escaping() {
    #expect(QuakeMLWriter.escaped("a\u{01}b\tc") == "a b\tc")
    #expect(QuakeMLWriter.escaped("ééé", limit: 2) == "éé")
  }

  @Test("escaping as the specification has it, on random texts: the fast path for plain text agrees with the rule")
  func escapingDifferential() {
    let pieces = [
      "a", "Z", " ", "&", "<", ">", "\"", "'", "\u{01}", "\u{1F}", "\t", "\n", "\r", "é", "e\u{301}", "東", "ō",
      "\u{FFFE}", "\u{FFFF}", "\u{FFFD}", "\u{BF}", "😀", "~",
    ]
    // The rule, character by character: markup as entities, what XML 1.0
    // cannot carry as a space, at most `limit` code points.
    func expected(_ text: String, limit: Int) -> String {
      let kept = String(String.UnicodeScalarView(text.unicodeScalars.prefix(limit)))
      let entities: [Character: String] = ["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&apos;"]
      return kept.map { character in
        if let entity = entities[character] { return entity }
        let cannot = character.unicodeScalars.contains {
          ($0.value < 0x20 && !["\t", "\n", "\r"].contains($0)) || $0.value == 0xFFFE || $0.value == 0xFFFF
        }
        return cannot ? " " : String(character)
      }.joined()
    }
    var seed: UInt64 = 0x5155_414B
    func next(_ bound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(bound))
    }
    for index in 0..<2_000 {
      let text = (0..<next(12)).map { _ in pieces[next(pieces.count)] }.joined()
      let limit = next(3) == 0 ? next(14) : Int.max
      #expect(
        QuakeMLWriter.escaped(text, limit: limit) == expected(text, limit: limit),
        "case \(index): \(text.unicodeScalars.map { String($0.value, radix: 16) }), limit \(limit)")
    }
  }

  @Test("the text format: the 1.2 header and 14 columns per event, a | or line break in a place as a space")
  func text() {
    let columns = FDSNTextWriter.header.dropFirst().dropLast().split(separator: "|", omittingEmptySubsequences: false)
    #expect(columns.count == 14)
    let line = FDSNTextWriter.line(Self.quake)
    let cells = line.dropLast().split(separator: "|", omittingEmptySubsequences: false).map(String.init)
    #expect(cells.count == 14)
    #expect(cells[0] == "us7000abcd" && cells[1] == "2023-11-14T22:13:20.123")
    #expect(cells[2] == "38.25" && cells[3] == "142.5" && cells[4] == "10.12")
    #expect(cells[9] == "mww" && cells[10] == "6.1")
    #expect(cells[12] == "10 km <S> of \"Tōhoku\" & more here")
    #expect(cells[13] == "earthquake")
  }

  @Test("the WADL reads back and lists every parameter of query and count, with the base it was asked for")
  func wadl() throws {
    let wadl = FDSNServiceDocuments.wadl(base: "http://example.org:8080/fdsnws/event/1/")
    let reader = try Self.read(wadl)
    #expect(reader.elements.first == "application")
    #expect(wadl.contains("<resources base=\"http://example.org:8080/fdsnws/event/1/\">"))
    for parameter in FDSNParameter.allCases {
      let declaration = "<param name=\"\(parameter.rawValue)\" style=\"query\" type=\"\(parameter.wadlType)\"/>"
      #expect(wadl.components(separatedBy: declaration).count == 3, "query and count declare \(parameter)")
    }
    for resource in ["query", "count", "version", "catalogs", "contributors", "application.wadl"] {
      #expect(wadl.contains("<resource path=\"\(resource)\">"))
    }
  }

  @Test("catalogs and contributors: the networks as elements, escaped")
  func lists() throws {
    let list = FDSNServiceDocuments.list("Catalogs", item: "Catalog", of: ["us", "a&b"])
    _ = try Self.read(list)
    #expect(list.contains("<Catalog>us</Catalog>\n<Catalog>a&amp;b</Catalog>"))
  }
}
