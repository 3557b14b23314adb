extension IngestComparison.Repeat {
  /// The report's name of this way, in the ingest table.
  var title: String {
    switch self {
    case .notModified: "304 Not Modified"
    case .sameGenerated: "body re-sent, same `generated` (the reducer skips the batch)"
    case .newGenerated: "body re-sent, new `generated`, same quakes (decode, reduce, diff)"
    }
  }

  /// The short name, in lists of figures.
  var shortTitle: String {
    switch self {
    case .notModified: "304"
    case .sameGenerated: "same generated"
    case .newGenerated: "new generated"
    }
  }
}
