import QuakesModel

/// The members of a feature's `properties` that make a ``Quake``, as read.
///
/// A member that is missing, `null` or of another JSON type stays `nil`;
/// whether the feature is usable (it needs `time`) is decided once the whole
/// feature is read, since USGS puts `id` after `properties`.
struct FeatureProperties {
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
  /// `url`.
  var url: String?
  /// `status`.
  var status: ReviewStatus?
  /// `type`.
  var eventType: String?
  /// Where the content of the `ids` string is in the body, and whether it
  /// holds an escape: it is split only once the feature's own id is known.
  var ids: (start: Int, end: Int, escaped: Bool)?

  /// Whether `time`, `updated` and `mag` lie in ``QuakeRanges`` (a missing
  /// `time` is judged by the caller; a missing `updated` or `mag` is fine).
  var isInRange: Bool {
    (self.time.map(QuakeRanges.milliseconds.contains) ?? true)
      && (self.updated.map(QuakeRanges.milliseconds.contains) ?? true)
      && (self.magnitude.map(QuakeRanges.magnitude.contains) ?? true)
  }
}
