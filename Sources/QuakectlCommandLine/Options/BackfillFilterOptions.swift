import ArgumentParser
import Foundation
import QuakesClient
import QuakesModel
import QuakesProtocol

/// Which events a backfill fetches: the list filters the FDSN event service
/// applies itself (so only matching events travel), and `--alert`, FDSN's
/// exact PAGER level.
struct BackfillFilterOptions: ParsableArguments {
  @Option(help: ArgumentHelp("Fetch events at or after this time: \(TimeArgument.accepted).", valueName: "time"))
  var since: String?

  @Option(help: ArgumentHelp("Fetch events before this time (default: now).", valueName: "time"))
  var until: String?

  @Option(
    name: .customLong("min-magnitude"), parsing: .unconditional,
    help: ArgumentHelp("Only events of at least this magnitude.", valueName: "M"))
  var minMagnitude: Double?

  @Option(
    name: .customLong("max-magnitude"), parsing: .unconditional,
    help: ArgumentHelp("Only events of at most this magnitude.", valueName: "M"))
  var maxMagnitude: Double?

  @Option(
    name: .customLong("min-depth"), parsing: .unconditional,
    help: ArgumentHelp("Only events at least this deep.", valueName: "km"))
  var minDepth: Double?

  @Option(
    name: .customLong("max-depth"), parsing: .unconditional,
    help: ArgumentHelp("Only events at most this deep.", valueName: "km"))
  var maxDepth: Double?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("Only events within --radius of this point.", valueName: "lat,lon"))
  var near: String?

  @Option(help: ArgumentHelp("The radius around --near: 250km, 250 (km) or 150mi.", valueName: "distance"))
  var radius: String?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Only events in this box; a west edge east of the east edge crosses the antimeridian.",
      valueName: "minlat,minlon,maxlat,maxlon"))
  var bbox: String?

  @Option(
    name: .customLong("event-type"),
    help: ArgumentHelp("Only events of this type: earthquake, quarry blast, explosion, …", valueName: "type"))
  var eventType: String?

  @Option(help: ArgumentHelp("Only events with exactly this PAGER alert level.", valueName: "level"))
  var alert: AlertLevel?

  @Option(
    name: .customLong("min-felt"), help: ArgumentHelp("Only events with at least N felt reports.", valueName: "N"))
  var minFelt: Int?

  @Option(
    name: .customLong("min-cdi"), help: ArgumentHelp("Only events felt with at least this intensity.", valueName: "I"))
  var minCdi: Double?

  @Option(
    name: .customLong("min-mmi"),
    help: ArgumentHelp("Only events with a ShakeMap intensity of at least I.", valueName: "I"))
  var minMmi: Double?

  @Option(
    name: .customLong("min-significance"),
    help: ArgumentHelp("Only events of at least this significance (sig).", valueName: "N"))
  var minSignificance: Int?

  @Option(
    name: .customLong("review-status"),
    help: ArgumentHelp("Only events with this review status: automatic or reviewed.", valueName: "status"))
  var reviewStatus: BackfillReviewStatus?

  /// Whether any option was given.
  var isGiven: Bool {
    let texts: [String?] = [self.since, self.until, self.near, self.radius, self.bbox, self.eventType]
    let numbers: [Double?] = [
      self.minMagnitude, self.maxMagnitude, self.minDepth, self.maxDepth, self.minCdi, self.minMmi,
    ]
    return texts.contains { $0 != nil } || numbers.contains { $0 != nil } || self.alert != nil
      || self.minFelt != nil || self.minSignificance != nil || self.reviewStatus != nil
  }

  func validate() throws {
    if let near = self.near {
      guard GeoArguments.point(near) != nil else {
        throw ValidationError("--near \(near) is not a point: give LAT,LON in degrees, e.g. --near 47.61,-122.33")
      }
      guard self.radius != nil else {
        throw ValidationError("--near needs --radius: the FDSN event service takes a circle, not a bare point")
      }
    }
    if let radius = self.radius {
      guard self.near != nil else { throw ValidationError("--radius needs --near, the centre of the circle") }
      guard GeoArguments.kilometres(radius) != nil else {
        throw ValidationError(
          "--radius \(radius) is not a distance: give km (250km or 250) or miles (150mi), 0 or more")
      }
    }
    if let bbox = self.bbox, GeoArguments.box(bbox) == nil {
      throw ValidationError(
        "--bbox \(bbox) is not a box: give MINLAT,MINLON,MAXLAT,MAXLON in degrees, e.g. --bbox 32,-125,42,-114")
    }
    for (name, value) in [("--since", self.since), ("--until", self.until)] {
      if let value, TimeArgument.parse(value) == nil {
        throw ValidationError("\(name) \(value) is not a time: use \(TimeArgument.accepted)")
      }
    }
    let numbers = [
      ("--min-magnitude", self.minMagnitude), ("--max-magnitude", self.maxMagnitude), ("--min-depth", self.minDepth),
      ("--max-depth", self.maxDepth), ("--min-cdi", self.minCdi), ("--min-mmi", self.minMmi),
    ]
    for (name, value) in numbers {
      if let value, !value.isFinite { throw ValidationError("\(name) must be a number, not \(value)") }
    }
  }

  /// The params of `backfill.start`; relative times are resolved against `now`.
  func params(now: Date = Date()) -> BackfillParams {
    var filter = FilterParams()
    filter.since = self.since.flatMap { TimeArgument.parse($0, now: now) }.map(Timestamp.iso8601)
    filter.until = self.until.flatMap { TimeArgument.parse($0, now: now) }.map(Timestamp.iso8601)
    filter.minMagnitude = self.minMagnitude
    filter.maxMagnitude = self.maxMagnitude
    filter.minDepthKm = self.minDepth
    filter.maxDepthKm = self.maxDepth
    filter.minFelt = self.minFelt
    filter.minCdi = self.minCdi
    filter.minMmi = self.minMmi
    filter.minSignificance = self.minSignificance
    filter.reviewStatus = self.reviewStatus?.rawValue
    filter.eventType = self.eventType
    if let near = self.near, let point = GeoArguments.point(near) {
      filter.near = NearParams(
        latitude: point.latitude, longitude: point.longitude, radiusKm: self.radius.flatMap(GeoArguments.kilometres))
    }
    filter.bbox = self.bbox.flatMap(GeoArguments.box)
    return BackfillParams(filter: filter, alert: self.alert?.rawValue)
  }
}

/// The review statuses a backfill can ask the FDSN event service for.
enum BackfillReviewStatus: String, CaseIterable, ExpressibleByArgument {
  case automatic, reviewed
}
