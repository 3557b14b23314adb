public import ArgumentParser
import FoundationEssentials
import QuakesClient
import QuakesModel
import QuakesProtocol

/// Which quakes: the filter flags `list`, `count`, `export` and `watch`
/// share, each the command-line form of a ``FilterParams`` member: those of
/// ``CommonFilterOptions``, and those only the cache can apply. Every flag
/// given must hold.
struct FilterOptions: ParsableArguments {
  @Option(help: ArgumentHelp("Only places containing this text (case and accents ignored).", valueName: "text"))
  var search: String?

  @Option(help: ArgumentHelp("Only this calendar day (in UTC with --utc, else local time).", valueName: "YYYY-MM-DD"))
  var day: String?

  @OptionGroup var common: CommonFilterOptions

  @Option(
    name: .customLong("min-radius"),
    help: ArgumentHelp(
      "Only quakes at least this far from --near (a ring with --radius): 50km, 50 (km) or 30mi.",
      valueName: "distance"))
  var minRadius: String?

  @Option(
    name: .customLong("min-alert"),
    help: ArgumentHelp("Only quakes with a PAGER alert of at least this level.", valueName: "level"))
  var minAlert: AlertLevel?

  @Flag(help: "Only quakes with the tsunami flag set.")
  var tsunami = false

  // `--review-status` as `backfill` has it; `--status`, its first name, stays.
  @Option(
    name: [.customLong("review-status"), .customLong("status")],
    help: ArgumentHelp("Only quakes with this review status.", valueName: "status"))
  var reviewStatus: ReviewStatusArgument?

  @Option(help: ArgumentHelp("Only quakes located by this network (net), e.g. us, ak, nc.", valueName: "code"))
  var network: String?

  @Option(
    name: .customLong("magnitude-type"),
    help: ArgumentHelp("Only magnitudes of this type: ml, mb, mww, …", valueName: "type"))
  var magnitudeType: String?

  @Option(
    help: ArgumentHelp(
      "Only quakes in the polygon of this GeoJSON file (a Polygon or MultiPolygon, bare or in a Feature or a FeatureCollection of one).",
      valueName: "file"))
  var within: String?

  func validate() throws {
    if let minRadius {
      guard self.common.near != nil else {
        throw ValidationError("--min-radius needs --near, the point to measure from")
      }
      guard GeoArguments.kilometres(minRadius) != nil else {
        throw ValidationError(
          "--min-radius \(minRadius) is not a distance: give km (50km or 50) or miles (30mi), 0 or more")
      }
    }
  }

  /// The point `--near` names, if any.
  var near: String? { self.common.near }

  /// The filter params; relative times are resolved against `now`, a day
  /// is in UTC with `utc`, else in the local time zone.
  ///
  /// - Throws: a `ValidationError` when the `--within` file cannot be read
  ///   or holds no polygon.
  func params(utc: Bool, now: Date = Date()) throws -> FilterParams {
    var params = FilterParams()
    params.search = self.search
    params.day = self.day
    // The zone matters to the daemon only for the day; a TZ it cannot
    // name must not refuse every other filter.
    params.timeZone = self.day == nil ? nil : utc ? "UTC" : LocalTimeZone.identifier()
    self.common.apply(to: &params, now: now)
    params.near?.minRadiusKm = self.minRadius.flatMap(GeoArguments.kilometres)
    params.minAlert = self.minAlert?.rawValue
    params.tsunami = self.tsunami ? true : nil
    params.reviewStatus = self.reviewStatus?.rawValue
    params.network = self.network
    params.magnitudeType = self.magnitudeType
    params.within = try self.within.map(GeoArguments.geometry(inFile:))
    return params
  }
}

/// The review statuses `--status` takes.
enum ReviewStatusArgument: String, CaseIterable, ExpressibleByArgument {
  case automatic, reviewed, deleted
}

extension AlertLevel: ExpressibleByArgument {}
