import ArgumentParser
import FoundationEssentials
import QuakesClient
import QuakesModel
import QuakesProtocol

/// The filter flags every quake selection takes, `list` and its kin and
/// `backfill` alike: the span, magnitude, depth, impact, event type and
/// place. Each is the command-line form of a ``FilterParams`` member.
struct CommonFilterOptions: ParsableArguments {
  @Option(help: ArgumentHelp("Only quakes at or after this time: \(TimeArgument.accepted).", valueName: "time"))
  var since: String?

  @Option(help: ArgumentHelp("Only quakes before this time (same forms as --since).", valueName: "time"))
  var until: String?

  @Option(
    name: .customLong("updated-after"),
    help: ArgumentHelp(
      "Only quakes USGS changed after this time (same forms as --since): what changed since you last looked.",
      valueName: "time"))
  var updatedAfter: String?

  @Option(
    name: .customLong("min-magnitude"), parsing: .unconditional,
    help: ArgumentHelp("Only quakes of at least this magnitude.", valueName: "M"))
  var minMagnitude: Double?

  @Option(
    name: .customLong("max-magnitude"), parsing: .unconditional,
    help: ArgumentHelp("Only quakes of at most this magnitude.", valueName: "M"))
  var maxMagnitude: Double?

  @Option(
    name: .customLong("min-depth"), parsing: .unconditional,
    help: ArgumentHelp("Only quakes at least this deep.", valueName: "km"))
  var minDepth: Double?

  @Option(
    name: .customLong("max-depth"), parsing: .unconditional,
    help: ArgumentHelp("Only quakes at most this deep.", valueName: "km"))
  var maxDepth: Double?

  @Option(help: ArgumentHelp("Only quakes with exactly this PAGER alert level.", valueName: "level"))
  var alert: AlertLevel?

  @Option(
    name: .customLong("min-felt"), help: ArgumentHelp("Only quakes with at least N felt reports.", valueName: "N"))
  var minFelt: Int?

  @Option(
    name: .customLong("min-cdi"),
    help: ArgumentHelp("Only quakes felt with at least this intensity (cdi).", valueName: "I"))
  var minCdi: Double?

  @Option(
    name: .customLong("min-mmi"),
    help: ArgumentHelp("Only quakes with a ShakeMap intensity of at least I (mmi).", valueName: "I"))
  var minMmi: Double?

  @Option(
    name: .customLong("min-significance"),
    help: ArgumentHelp("Only quakes of at least this significance (sig; 600 is significant).", valueName: "N"))
  var minSignificance: Int?

  @Option(
    name: .customLong("event-type"),
    help: ArgumentHelp("Only events of this type: earthquake, quarry blast, explosion, …", valueName: "type"))
  var eventType: String?

  // `.unconditional` on every option whose value may start with a minus: a
  // southern latitude (--near -33.87,151.21), a magnitude below 0, a depth above sea level.
  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Measure from this point (list: the distance and direction to each quake); with --radius, only quakes that near (backfill: --radius is required).",
      valueName: "lat,lon"))
  var near: String?

  @Option(
    help: ArgumentHelp("Only quakes within this distance of --near: 250km, 250 (km) or 150mi.", valueName: "distance"))
  var radius: String?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Only quakes in this box; a west edge east of the east edge crosses the antimeridian.",
      valueName: "minlat,minlon,maxlat,maxlon"))
  var bbox: String?

  /// Whether any of these flags was given.
  var isGiven: Bool {
    let texts = [self.since, self.until, self.updatedAfter, self.eventType, self.near, self.radius, self.bbox]
    let numbers = [self.minMagnitude, self.maxMagnitude, self.minDepth, self.maxDepth, self.minCdi, self.minMmi]
    return texts.contains { $0 != nil } || numbers.contains { $0 != nil } || self.minFelt != nil
      || self.minSignificance != nil || self.alert != nil
  }

  func validate() throws {
    if let near, GeoArguments.point(near) == nil {
      throw ValidationError("--near \(near) is not a point: give LAT,LON in degrees, e.g. --near 47.61,-122.33")
    }
    if let radius {
      guard self.near != nil else { throw ValidationError("--radius needs --near, the point to measure from") }
      guard GeoArguments.kilometres(radius) != nil else {
        throw ValidationError(
          "--radius \(radius) is not a distance: give km (250km or 250) or miles (150mi), 0 or more")
      }
    }
    if let bbox, GeoArguments.box(bbox) == nil {
      throw ValidationError(
        "--bbox \(bbox) is not a box: give MINLAT,MINLON,MAXLAT,MAXLON in degrees, e.g. --bbox 32,-125,42,-114")
    }
    for (name, value) in [("--since", self.since), ("--until", self.until), ("--updated-after", self.updatedAfter)] {
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

  /// Sets the members of `params` these flags stand for; relative times
  /// are resolved against `now`.
  func apply(to params: inout FilterParams, now: Date) {
    params.since = self.since.flatMap { TimeArgument.parse($0, now: now) }.map(Timestamp.iso8601)
    params.until = self.until.flatMap { TimeArgument.parse($0, now: now) }.map(Timestamp.iso8601)
    params.updatedAfter = self.updatedAfter.flatMap { TimeArgument.parse($0, now: now) }.map(Timestamp.iso8601)
    params.alert = self.alert?.rawValue
    params.minMagnitude = self.minMagnitude
    params.maxMagnitude = self.maxMagnitude
    params.minDepthKm = self.minDepth
    params.maxDepthKm = self.maxDepth
    params.minFelt = self.minFelt
    params.minCdi = self.minCdi
    params.minMmi = self.minMmi
    params.minSignificance = self.minSignificance
    params.eventType = self.eventType
    if let near, let point = GeoArguments.point(near) {
      params.near = NearParams(
        latitude: point.latitude, longitude: point.longitude, radiusKm: self.radius.flatMap(GeoArguments.kilometres))
    }
    params.bbox = self.bbox.flatMap(GeoArguments.box)
  }
}
