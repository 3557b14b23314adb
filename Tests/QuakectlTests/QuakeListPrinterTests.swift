import Foundation
import QuakesClient
import QuakesModel
import QuakesProtocol
import Testing

@Suite("QuakeListPrinter: a streamed list prints as the whole list would")
struct QuakeListPrinterTests {
  private static let output = QuakeOutput(utc: true, colour: false, now: Date(timeIntervalSince1970: 1_700_000_000))

  private static func quakes(_ count: Int, measured: Bool) -> [ListedQuake] {
    (0..<count).map { index in
      let quake = Quake(
        id: "tt\(index)", magnitude: index % 5 == 0 ? nil : 2 + Double(index) / 10, magnitudeType: "ml",
        time: Date(timeIntervalSince1970: 1_699_999_000 - Double(index) * 60),
        updated: Date(timeIntervalSince1970: 1_700_000_000), place: "\(index) km N of \"Test\", CA",
        longitude: -122.5, latitude: 37.25 + Double(index) / 100, depth: 8.5)
      return ListedQuake(quake, from: measured ? GeoPoint(latitude: 37, longitude: -122) : nil)
    }
  }

  /// Every format printed whole, as quakectl printed a list before it streamed.
  private static func whole(_ quakes: [ListedQuake], format: OutputFormat) throws -> Data {
    switch format {
    case .table: Data(self.output.table(quakes).utf8)
    case .json: try QuakeOutput.jsonLine(quakes)
    case .ndjson: try quakes.map(QuakeOutput.jsonLine).reduce(Data(), +)
    case .csv: Data(self.output.csv(quakes).utf8)
    case .geojson: try self.output.geoJSON(quakes.map(\.quake))
    }
  }

  @Test(
    "pages of any size, measured or not, empty pages included: the bytes of the whole list",
    arguments: OutputFormat.allCases, [0, 1, 7, 1_203])
  func pagesPrintAsTheWhole(format: OutputFormat, count: Int) throws {
    for measured in [false, true] {
      let quakes = Self.quakes(count, measured: measured)
      var printer = QuakeListPrinter(format: format, output: Self.output)
      var printed = Data()
      var start = 0
      for size in [0, 1, 500, 3, 0, 500] + Array(repeating: 500, count: count / 500 + 1) {
        let end = min(start + size, quakes.count)
        printed += try printer.add(ListResult(matched: count + 3, hasMore: true, quakes: Array(quakes[start..<end])))
        start = end
      }
      printed += try printer.finish()
      #expect(
        String(decoding: printed, as: UTF8.self)
          == String(decoding: try Self.whole(quakes, format: format), as: UTF8.self),
        "\(format), \(count) quakes, measured: \(measured)")
      #expect(printer.count == count)
      #expect(printer.matched == count + 3)
      #expect(printer.hasMore)
    }
  }

  @Test("JSON, NDJSON, CSV and GeoJSON print each page as it comes; a table waits for the end")
  func printsAsItReceives() throws {
    for format in OutputFormat.allCases {
      var printer = QuakeListPrinter(format: format, output: Self.output)
      let first = try printer.add(ListResult(matched: 4, hasMore: true, quakes: Self.quakes(2, measured: false)))
      let streams = format != .table
      #expect(first.isEmpty != streams, "\(format)")
    }
  }
}
