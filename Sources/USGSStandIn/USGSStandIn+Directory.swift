import Foundation

extension USGSStandIn {
  /// Serves every `.geojson` file of the directory at `path` as a feed, with
  /// the file's modification time as its `Last-Modified`; returns the feed
  /// names, sorted. For the offline demo and end-to-end tests.
  ///
  /// A file's feed is its name up to the first `-` or the extension:
  /// `all_day.geojson` and `all_day-2020-10-28T2257Z-someone.geojson` (the
  /// naming of `../shared/fixtures/usgs/`) both serve `all_day`. When several
  /// files name one feed, the last in name order wins: with dated names, the
  /// newest. Other files (`.geojsonp`, `INDEX.tsv`) are ignored.
  @discardableResult
  public func setFeeds(fromDirectory path: String) throws -> [String] {
    let directory = URL(fileURLWithPath: path, isDirectory: true)
    let names = try FileManager.default.contentsOfDirectory(atPath: path).filter { $0.hasSuffix(".geojson") }.sorted()
    var feeds: Set<String> = []
    for name in names {
      let stem = name.dropLast(".geojson".count)
      let feed = String(stem.prefix { $0 != "-" })
      guard !feed.isEmpty else { continue }
      let file = directory.appendingPathComponent(name)
      let body = try Data(contentsOf: file)
      let modified = try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date
      self.setFeed(feed, body: [UInt8](body), lastModified: modified ?? Date())
      feeds.insert(feed)
    }
    return feeds.sorted()
  }
}
