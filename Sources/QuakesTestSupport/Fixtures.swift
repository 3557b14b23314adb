public import Foundation

/// The real USGS feeds in `../shared/fixtures/usgs/`, beside the project's
/// folder (CI clones the project to `$d/main` with `$d/shared` beside it).
///
/// Tests that read them are enabled only when the folder is there:
/// `@Test(.enabled(if: Fixtures.isAvailable, Comment(rawValue: Fixtures.absent)))`.
public enum Fixtures {
  /// The fixtures' folder: from this file up to `Sources/`, the project, its
  /// parent, then `shared/fixtures/usgs`.
  public static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // Sources/QuakesTestSupport
    .deletingLastPathComponent()  // Sources
    .deletingLastPathComponent()  // the project
    .deletingLastPathComponent()  // its parent
    .appendingPathComponent("shared/fixtures/usgs", isDirectory: true)

  /// Whether the folder is there (with its index).
  public static var isAvailable: Bool {
    FileManager.default.fileExists(atPath: self.directory.appendingPathComponent("INDEX.tsv").path)
  }

  /// Why a test on real feeds did not run.
  public static let absent = "../shared/fixtures/usgs/ is absent: tests on real USGS feeds are skipped"

  /// Every `.geojson` feed there (the `.geojsonp` one is not a feed).
  public static let feeds = [
    "1.0_day-2021-10-15T0549Z-vfuen.geojson",
    "1.0_day-2021-10-15T0626Z-vfuen-orig.geojson",
    "2.5_month-2025-10-29T2039Z-sgoggins.geojson",
    "4.5_month-2014-03-21T1521Z-utero.geojson",
    "4.5_month-2014-04-01T0413Z-utero.geojson",
    "4.5_month-2020-07-30T0941Z-kingcrow15.geojson",
    "4.5_week-2020-11-02T0059Z-siljaros1994.geojson",
    "4.5_week-2021-07-22T2023Z-afanng24.geojson",
    "4.5_week-2021-07-22T2040Z-afanng24.geojson",
    "all_day-2013-08-07T0246Z-thomjoy.geojson",
    "all_day-2020-10-28T2257Z-gildation.geojson",
    "all_hour-2022-03-15T1024Z-tranxuanloc.geojson",
    "all_week-2021-04-16T1956Z-sandykolu.geojson",
    "fdsn-query-2022-05-20T1306Z-valeriovolpati.geojson",
    "significant_hour-2018-06-21T1817Z-Syverts1.geojson",
    "significant_month-2026-08-15T0729Z-JovaniPink.geojson",
  ]

  /// The GeoJSONP file: the feed wrapped in `eqfeed_callback(…);`.
  public static let jsonp = "2.5_week-2021-11-28T1352Z-awat31.geojsonp"

  /// The bytes of the fixture `name`.
  public static func bytes(_ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: self.directory.appendingPathComponent(name)))
  }

  /// The row of `INDEX.tsv` for the fixture `name`, by column name.
  public static func index(_ name: String) throws -> [String: String] {
    let text = try String(contentsOf: self.directory.appendingPathComponent("INDEX.tsv"), encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: true).map {
      $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    }
    guard let header = lines.first, let row = lines.dropFirst().first(where: { $0.first == name }) else {
      throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "\(name) is not in INDEX.tsv"])
    }
    return Dictionary(zip(header, row), uniquingKeysWith: { first, _ in first })
  }
}
