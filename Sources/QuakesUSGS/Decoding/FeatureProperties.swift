import QuakesModel

/// The members of a feature's `properties`, as read.
///
/// A member that is missing, `null` or of another JSON type stays `nil`;
/// whether the feature is usable (it needs `time`) is decided once the whole
/// feature is read, since USGS puts `id` after `properties`.
struct FeatureProperties {
  /// A string's content in the body: from `start` to `end` (exclusive of
  /// the quotes), and whether it holds an escape.
  typealias StringSpan = (start: Int, end: Int, escaped: Bool)

  /// `mag`.
  var magnitude: Double?
  /// `magType`.
  var magnitudeType: String?
  /// `time`, in epoch milliseconds.
  var time: Int64?
  /// `updated`, in epoch milliseconds.
  var updated: Int64?
  /// `place`.
  var place: String?
  /// Where the `url`, `detail` and `title` strings are in the body: they
  /// are recognised as the texts USGS writes to a pattern once the
  /// feature's id is known, and made into strings only when they are not.
  var url: StringSpan?
  var detail: StringSpan?
  var title: StringSpan?
  /// `status`.
  var status: ReviewStatus?
  /// `type`.
  var eventType: String?
  /// Where the content of the `ids` string is in the body, and whether it
  /// holds an escape: it is split only once the feature's own id is known.
  var ids: StringSpan?
  /// `felt`, `cdi`, `mmi`, `alert`, `tsunami`, `sig`.
  var impact = QuakeImpact()
  /// `nst`, `dmin`, `rms`, `gap`.
  var solution = QuakeSolution()
  /// `net`, `code`, `sources`, `types`, `tz`.
  var catalog = QuakeCatalogEntry()

  /// Whether `time`, `updated` and `mag` lie in ``QuakeRanges`` (a missing
  /// `time` is judged by the caller; a missing `updated` or `mag` is fine).
  var isInRange: Bool {
    (self.time.map(QuakeRanges.milliseconds.contains) ?? true)
      && (self.updated.map(QuakeRanges.milliseconds.contains) ?? true)
      && (self.magnitude.map(QuakeRanges.magnitude.contains) ?? true)
  }
}
