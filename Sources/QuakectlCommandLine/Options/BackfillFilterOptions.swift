import ArgumentParser
import FoundationEssentials
import QuakesClient
import QuakesModel
import QuakesProtocol

/// Which events a backfill fetches: the filters the FDSN event service
/// applies itself (so only matching events travel): those of
/// ``CommonFilterOptions`` (where `--near` needs `--radius`: the service
/// takes a circle) and `--review-status`.
struct BackfillFilterOptions: ParsableArguments {
  @OptionGroup var common: CommonFilterOptions

  @Option(
    name: .customLong("review-status"),
    help: ArgumentHelp("Only events with this review status: automatic or reviewed.", valueName: "status"))
  var reviewStatus: BackfillReviewStatus?

  /// Whether any option was given.
  var isGiven: Bool { self.common.isGiven || self.reviewStatus != nil }

  func validate() throws {
    if self.common.near != nil, self.common.radius == nil {
      throw ValidationError("--near needs --radius: the FDSN event service takes a circle, not a bare point")
    }
  }

  /// The params of `backfill.start`; relative times are resolved against `now`.
  func params(now: Date = Date()) -> BackfillParams {
    var filter = FilterParams()
    self.common.apply(to: &filter, now: now)
    filter.reviewStatus = self.reviewStatus?.rawValue
    return BackfillParams(filter: filter)
  }
}

/// The review statuses a backfill can ask the FDSN event service for.
enum BackfillReviewStatus: String, CaseIterable, ExpressibleByArgument {
  case automatic, reviewed
}
