public import FoundationEssentials
import QuakesModel
public import QuakesProtocol

/// A list in one output format, printed as its pages arrive from a
/// streamed `quakes.list`: JSON, NDJSON, CSV and GeoJSON a page at a time,
/// so a list of any length starts printing at once and is never held
/// whole; a table, whose column widths need every row, once the list is
/// complete.
///
/// The bytes are those of the whole list printed at once: the JSON array
/// is the one `JSONEncoder` writes (``ListedQuake``'s writer), the CSV has
/// its distance columns when the list was measured from a point.
public struct QuakeListPrinter {
  private let format: OutputFormat
  private let output: QuakeOutput
  /// The quakes a table waits for.
  private var held: [ListedQuake] = []
  /// Whether anything of a JSON array, a CSV or a GeoJSON document was printed.
  private var started = false

  /// How many quakes matched, before limit and offset (from the last
  /// page), when the request asked the daemon to count them.
  public private(set) var matched: Int?
  /// Whether quakes match after the list printed (from the last page).
  public private(set) var hasMore = false
  /// How many quakes were printed.
  public private(set) var count = 0

  /// A printer of `format`, tables and CSV as `output` writes them.
  public init(format: OutputFormat, output: QuakeOutput) {
    self.format = format
    self.output = output
  }

  /// What to print for `page`, the next part of the list (often nothing,
  /// for the formats that wait for the end).
  public mutating func add(_ page: ListResult) throws -> Data {
    self.matched = page.matched
    self.hasMore = page.hasMore ?? false
    self.count += page.quakes.count
    switch self.format {
    case .table:
      self.held += page.quakes
      return Data()
    case .geojson:
      var data = Data()
      for quake in page.quakes {
        data += self.started ? Data(",".utf8) : QuakeOutput.geoJSONOpening
        self.started = true
        data += try self.output.geoJSONFeature(quake.quake)
      }
      return data
    case .ndjson:
      var buffer = JSONBuffer(capacity: page.quakes.count * 1024)
      for quake in page.quakes {
        quake.writeJSON(to: &buffer)
        buffer.append(raw: "\n")
      }
      return Data(buffer.bytes)
    case .json:
      var buffer = JSONBuffer(capacity: page.quakes.count * 1024 + 1)
      for quake in page.quakes {
        buffer.append(raw: self.started ? "," : "[")
        self.started = true
        quake.writeJSON(to: &buffer)
      }
      return Data(buffer.bytes)
    case .csv:
      guard let first = page.quakes.first else { return Data() }
      let rows = page.quakes.map { quake in
        first.distanceKm == nil ? QuakeOutput.csvRow(quake.quake) : QuakeOutput.csvRow(measured: quake)
      }
      let header = self.started ? nil : QuakeOutput.csvHeader(measured: first.distanceKm != nil)
      self.started = true
      return Data(CSVField.lines(header.map { [$0] + rows } ?? rows).utf8)
    }
  }

  /// What to print once the list is complete.
  public mutating func finish() throws -> Data {
    switch self.format {
    case .table: return Data(self.output.table(self.held).utf8)
    case .geojson:
      return (self.started ? Data() : QuakeOutput.geoJSONOpening) + (try self.output.geoJSONClosing(count: self.count))
    case .ndjson: return Data()
    case .json: return Data((self.started ? "]\n" : "[]\n").utf8)
    case .csv: return self.started ? Data() : Data(CSVField.lines([QuakeOutput.csvColumns]).utf8)
    }
  }
}
