import Foundation
import QuakesData
import QuakesModel
import QuakesUSGS

/// The slow, obviously right decoder the fast one is checked against: the
/// placeholder implementation of ``GeoJSONFeedDecoder``'s mapping, on the
/// feed as Foundation's `JSONDecoder` reads it into Codable structs.
///
/// The placeholder parsed with `JSONSerialization`, but on Linux that
/// misrounds some doubles by one unit in the last place (it reads
/// `-123.50716666666666`, in the 2.5_month fixture, as `-123.50716666666665`);
/// `JSONDecoder` gives the correctly rounded double, as `strtod` does, and so
/// must the fast decoder.
///
/// The structs accept what well-formed feeds hold (members missing or null);
/// a member of another type fails the whole body, where the fast decoder
/// skips it. So the differential tests use well-formed feeds.
enum DecodingReference {
  /// The members of a feed the mapping reads.
  struct Feed: Decodable {
    struct Metadata: Decodable {
      let generated: Int64?
    }

    struct Feature: Decodable {
      struct Properties: Decodable {
        let mag: Double?
        let magType: String?
        let time: Int64?
        let updated: Int64?
        let place: String?
        let url: String?
        let status: String?
        let type: String?
        let ids: String?
        let tz: Int?
        let detail: String?
        let felt: Int?
        let cdi: Double?
        let mmi: Double?
        let alert: String?
        let tsunami: Int?
        let sig: Int?
        let net: String?
        let code: String?
        let sources: String?
        let types: String?
        let nst: Int?
        let dmin: Double?
        let rms: Double?
        let gap: Double?
        let title: String?
      }

      struct Geometry: Decodable {
        let coordinates: [Double]?
      }

      let id: String?
      let properties: Properties?
      let geometry: Geometry?
    }

    let metadata: Metadata?
    let features: [Feature]
  }

  /// Decodes `bytes` as the fast decoder should.
  static func decode(_ bytes: [UInt8]) throws(FeedDecodingError) -> FeedBatch {
    let feed: Feed
    do {
      feed = try JSONDecoder().decode(Feed.self, from: Data(bytes))
    } catch {
      throw FeedDecodingError("not a GeoJSON feed: \(error)")
    }
    var batch = FeedBatch(quakes: [])
    batch.generated = feed.metadata?.generated.flatMap {
      QuakeRanges.milliseconds.contains($0) ? Timestamp.date(milliseconds: $0) : nil
    }
    for feature in feed.features {
      let properties = feature.properties
      let coordinates = feature.geometry?.coordinates ?? []
      guard let id = feature.id, !id.isEmpty, let time = properties?.time, coordinates.count >= 2,
        let longitude = QuakeRanges.longitude(fromFeed: coordinates[0]),
        QuakeRanges.latitude.contains(coordinates[1]),
        coordinates.count < 3 || QuakeRanges.depth.contains(coordinates[2]),
        QuakeRanges.milliseconds.contains(time),
        properties?.updated.map(QuakeRanges.milliseconds.contains) ?? true,
        properties?.mag.map(QuakeRanges.magnitude.contains) ?? true
      else {
        batch.skippedFeatures += 1
        continue
      }
      let timeDate = Timestamp.date(milliseconds: time)
      batch.quakes.append(
        Quake(
          id: id, magnitude: properties?.mag, magnitudeType: properties?.magType, time: timeDate,
          updated: properties?.updated.map(Timestamp.date(milliseconds:)) ?? timeDate, place: properties?.place,
          longitude: longitude, latitude: coordinates[1], depth: coordinates.count > 2 ? coordinates[2] : nil,
          url: properties?.url, status: properties?.status.map(ReviewStatus.init(rawValue:)),
          eventType: properties?.type,
          impact: QuakeImpact(
            felt: properties?.felt, cdi: properties?.cdi, mmi: properties?.mmi,
            alert: properties?.alert.flatMap(AlertLevel.init(word:)), tsunami: properties?.tsunami.map { $0 != 0 },
            significance: properties?.sig),
          solution: QuakeSolution(
            stationCount: properties?.nst, minimumDistance: properties?.dmin, rootMeanSquare: properties?.rms,
            azimuthalGap: properties?.gap),
          catalog: QuakeCatalogEntry(
            title: properties?.title, network: properties?.net, code: properties?.code,
            ids: properties?.ids.map(CommaWrappedList.init(text:)),
            sources: properties?.sources.map(CommaWrappedList.init(text:)),
            productTypes: properties?.types.map(CommaWrappedList.init(text:)), detail: properties?.detail,
            timeZoneOffset: properties?.tz)))
      let others = (properties?.ids ?? "").split(separator: ",").map(String.init).filter { $0 != id }
      if !others.isEmpty { batch.otherIds[id] = others }
    }
    return batch
  }
}
