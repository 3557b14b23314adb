import Foundation
import QuakesModel
import QuakesProtocol
import QuakesTestSupport
import Testing

@testable import QuakectlCommandLine

/// The table of filters (``QuakesFilterField``) is what the wire, quakectl,
/// a backfill and the docs say: each name it declares reaches the filter,
/// each FDSN parameter is sent, each filter FDSN cannot apply is refused,
/// and each name is in the docs.
@Suite("The filter table: one declaration, every name")
struct FilterTableTests {
  private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  private static func document(_ name: String) -> String {
    (try? String(contentsOf: Self.root.appendingPathComponent("docs/\(name)"), encoding: .utf8)) ?? ""
  }

  /// The params of the wire with `field`'s sample alone.
  private static func params(_ field: QuakesFilterField) throws -> FilterParams {
    let json = #"{"\#(field.declaration.wire)":\#(field.sample.json)}"#
    return try JSONDecoder().decode(FilterParams.self, from: Data(json.utf8))
  }

  /// quakectl's arguments for `field`, a polygon file written for `--within`.
  private static func arguments(_ field: QuakesFilterField, in directory: TemporaryDirectory) throws -> [String] {
    let polygon = directory.file("polygon.geojson")
    try QuakesFilterField.within.sample.json.write(toFile: polygon, atomically: true, encoding: .utf8)
    return field.sample.arguments.map { $0 == "POLYGON-FILE" ? polygon : $0 }
  }

  @Test("each wire name reaches its filter, and only it", arguments: QuakesFilterField.allCases)
  func wireNames(field: QuakesFilterField) throws {
    let filter = try Self.params(field).filter()
    #expect(filter.givenFields == [field], "\(field.declaration.wire): \(filter.givenFields)")
  }

  @Test("each of quakectl list's flags reaches its filter", arguments: QuakesFilterField.allCases)
  func listFlags(field: QuakesFilterField) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let arguments = try Self.arguments(field, in: directory)
    #expect(arguments.first == field.declaration.flag)
    if field == .timeZone {
      // `--utc` is quakectl's global option: the day is UTC's, not the local
      // one. The zone goes with a day alone (a zone the daemon cannot name
      // must not refuse the other filters).
      #expect(try FilterOptions.parse(["--day", "2023-11-14"]).params(utc: true).timeZone == "UTC")
      #expect(try FilterOptions.parse([]).params(utc: true).timeZone == nil)
      return
    }
    let filter = try FilterOptions.parse(arguments).params(utc: true).filter()
    #expect(filter.isGiven(field), "\(arguments): \(filter.givenFields)")
  }

  @Test(
    "a backfill sends each FDSN parameter of the table, and refuses each filter the service cannot apply",
    arguments: QuakesFilterField.allCases)
  func backfill(field: QuakesFilterField) throws {
    let now = Date(timeIntervalSince1970: 1_750_000_000)
    var params = BackfillParams(filter: try Self.params(field))
    params.filter.since = params.filter.since ?? "2024-03-01T00:00:00Z"
    switch field.declaration.fdsn {
    case .parameters(let names):
      let query = try params.query(now: now)
      let sent = Set(query.parameters.map(\.name))
      for name in names where !["starttime", "endtime"].contains(name) {
        #expect(sent.contains(name), "\(field): \(name) not in \(sent)")
      }
      guard field != .timeZone, field != .since, field != .until else { return }
      let directory = try TemporaryDirectory()
      defer { directory.remove() }
      let options = try BackfillFilterOptions.parse(Self.arguments(field, in: directory))
      let viaFlags = options.params(now: now)
      var asked = viaFlags
      asked.filter.since = asked.filter.since ?? "2024-03-01T00:00:00Z"
      #expect(try asked.query(now: now).parameters.map(\.name) == query.parameters.map(\.name), "\(field)")
    case .cannot:
      let error = try #require(throws: ProtocolError.self) { try params.query(now: now) }
      #expect(error.message.contains(field.declaration.configuration), "\(error.message)")
    }
  }

  @Test(
    "docs/protocol.md names each wire name, docs/cli.md each flag, docs/backfill.md each FDSN parameter and refusal")
  func documented() {
    let wire = Self.document("protocol.md")
    let cli = Self.document("cli.md")
    let backfill = Self.document("backfill.md")
    for field in QuakesFilterField.allCases {
      let declaration = field.declaration
      #expect(wire.contains("`\(declaration.wire)`"), "docs/protocol.md: `\(declaration.wire)`")
      #expect(cli.contains("`\(declaration.flag)"), "docs/cli.md: `\(declaration.flag)")
      switch declaration.fdsn {
      case .parameters(let names):
        for name in names where !["starttime", "endtime"].contains(name) {
          #expect(backfill.contains("`\(name)`"), "docs/backfill.md: `\(name)`")
        }
      case .cannot:
        #expect(backfill.contains("`\(declaration.flag)`"), "docs/backfill.md: `\(declaration.flag)` refused")
      }
    }
  }
}
