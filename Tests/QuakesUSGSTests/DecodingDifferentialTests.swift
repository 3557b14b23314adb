import QuakesModel
import QuakesTestSupport
import QuakesUSGS
import Testing

/// The fast decoder against the reference one (a whole JSON tree from
/// Foundation, then the same mapping), on every real feed: the same batch,
/// field for field.
@Suite("GeoJSONFeedDecoder against the reference decoder")
struct DecodingDifferentialTests {
  @Test(
    "every real feed decodes to the reference's batch",
    .enabled(if: Fixtures.isAvailable, Comment(rawValue: Fixtures.absent)),
    arguments: Fixtures.feeds)
  func fixture(name: String) throws {
    let bytes = try Fixtures.bytes(name)

    try self.compare(bytes)
  }

  @Test("a synthetic feed with every kept field decodes to the reference's batch")
  func synthetic() throws {
    let features = (0..<40).map { position in
      DecodingFeeds.feature(
        id: "\"sy\(position)\"",
        properties: DecodingFeeds.properties([
          ("mag", position.isMultiple(of: 7) ? "null" : "\(Double(position) / 8 - 1)"),
          ("place", position.isMultiple(of: 5) ? "null" : #""\#(position) km N of Sant\u00e9, CA""#),
          ("ids", #"",sy\#(position),xx\#(position),""#),
          ("status", position.isMultiple(of: 2) ? #""REVIEWED""# : #""automatic""#),
          ("updated", position.isMultiple(of: 3) ? nil : "\(DecodingFeeds.updated + Int64(position))"),
          ("tz", position.isMultiple(of: 4) ? "null" : "\(position * 30 - 600)"),
          ("felt", position.isMultiple(of: 3) ? "null" : "\(position * 11)"),
          ("cdi", position.isMultiple(of: 3) ? "null" : "\(Double(position % 13) * 0.7)"),
          ("mmi", position.isMultiple(of: 5) ? "null" : "\(Double(position % 11) * 1.05)"),
          ("alert", ["null", #""green""#, #""yellow""#, #""ORANGE""#, #""red""#][position % 5]),
          ("tsunami", ["0", "1", "null"][position % 3]),
          ("sig", "\(position * 37)"),
          ("net", #""sy""#),
          ("code", #""\#(position)""#),
          ("sources", position.isMultiple(of: 2) ? #"",sy,xx,""# : #"",sy,""#),
          ("types", position.isMultiple(of: 2) ? #"",origin,phase-data,""# : #"",dyfi,origin,sh\u0061kemap,""#),
          ("nst", position.isMultiple(of: 6) ? "null" : "\(position + 3)"),
          ("dmin", position.isMultiple(of: 6) ? "null" : "\(Double(position) / 97)"),
          ("rms", "\(Double(position) / 31)"),
          ("gap", position.isMultiple(of: 8) ? "null" : "\(position * 9)"),
          ("magType", #""mb""#),
          ("type", #""earthquake""#),
          ("detail", #""https://earthquake.usgs.gov/earthquakes/feed/v1.0/detail/sy\#(position).geojson""#),
          (
            "url",
            position.isMultiple(of: 2)
              ? #""https://earthquake.usgs.gov/earthquakes/eventpage/sy\#(position)""#
              : #""https://example.org/\#(position)""#
          ),
          (
            "title",
            position.isMultiple(of: 9)
              ? nil : #""M \#(String(format: "%.1f", Double(position) / 8 - 1)) - \#(position) km N of Sant\u00e9, CA""#
          ),
        ]),
        geometry:
          #"{"type":"Point","coordinates":[\#(position - 180),\#(Double(position) / 3),\#(position % 2 == 0 ? "-1.5e1" : "663")]}"#
      )
    }

    try self.compare(Array(DecodingFeeds.collection(features + [DecodingFeeds.feature(id: nil)]).utf8))
  }

  /// Every field of `quake`, for a message.
  private func fields(_ quake: Quake) -> String {
    let values: [Any?] = [
      quake.id, quake.magnitude, quake.magnitudeType, quake.time, quake.updated, quake.place, quake.longitude,
      quake.latitude, quake.depth, quake.url, quake.status, quake.eventType, quake.impact, quake.solution,
      quake.catalog,
    ]
    return values.map { $0.map { "\($0)" } ?? "nil" }.joined(separator: " | ")
  }

  /// Checks that both decoders give the same batch for `bytes`, and says
  /// where they differ if they do not.
  private func compare(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) throws {
    let fast = try GeoJSONFeedDecoder.decode(bytes)
    let reference = try DecodingReference.decode(bytes)

    #expect(fast.quakes.count == reference.quakes.count, sourceLocation: sourceLocation)
    for (ours, theirs) in zip(fast.quakes, reference.quakes) where ours != theirs {
      Issue.record(
        "quake \(ours.id) differs:\n fast:      \(self.fields(ours))\n reference: \(self.fields(theirs))",
        sourceLocation: sourceLocation)
      break
    }
    #expect(fast.generated == reference.generated, sourceLocation: sourceLocation)
    #expect(fast.skippedFeatures == reference.skippedFeatures, sourceLocation: sourceLocation)
    #expect(fast.otherIds == reference.otherIds, sourceLocation: sourceLocation)
    #expect(fast.validators == reference.validators, sourceLocation: sourceLocation)
    let same = fast == reference
    #expect(same, "the batches differ", sourceLocation: sourceLocation)
  }
}
