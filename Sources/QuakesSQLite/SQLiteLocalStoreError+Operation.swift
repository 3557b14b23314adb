extension SQLiteLocalStoreError {
  /// What the store was doing when it failed.
  public enum Operation: Hashable, Sendable {
    /// Opening the database (and migrating it).
    case open
    /// Reading every quake and feed record.
    case read
    /// Writing the diff of one batch of the named feed.
    case write(feed: String)
    /// Deleting the quake with this id.
    case delete(quakeId: String)
    /// Deleting every quake.
    case deleteAll
    /// Deleting the quakes the retention rules expired.
    case expire
    /// Reading or recording the alert outbox.
    case alerts
    /// Writing the quakes of a backfill's or reconciliation's window, with
    /// its checkpoint.
    case historyWindow(kind: String)
    /// Writing the checkpoint of a backfill or reconciliation alone.
    case historyCheckpoint(kind: String)
    /// Closing the database.
    case close

    /// The operation as the verb phrase of an error message.
    var phrase: String {
      switch self {
      case .open: "open"
      case .read: "read"
      case .write(let feed): "write the \(feed) batch to"
      case .delete(let quakeId): "delete quake \(quakeId) from"
      case .deleteAll: "delete every quake from"
      case .expire: "remove the quakes the retention rules expire from"
      case .alerts: "record alert deliveries in"
      case .historyWindow(let kind): "write a \(kind) window to"
      case .historyCheckpoint(let kind): "save the \(kind)'s checkpoint in"
      case .close: "close"
      }
    }
  }
}
