public import Foundation

/// The events the stand-in's FDSN event service answers from, sorted by
/// time (then id), with at most one event per id as in USGS's catalogue.
///
/// Built for size: a query's time window is found by binary search on the
/// sorted times before any other condition is tested, so a catalogue of
/// 100,000 events serves a window of 20,000 without looking at the others.
/// Mutating it (``insert(_:)``, ``update(_:)``, ``markDeleted(id:at:)``)
/// keeps the order; a test reaches the stand-in's copy with
/// ``USGSStandIn/withFDSNCatalogue(_:)``.
public struct FDSNCatalogue: Sendable {
  /// The events, oldest first (events of one millisecond in id order).
  public private(set) var events: [FDSNEvent] = []
  /// `events[i].timeMilliseconds`, for the binary searches.
  private var times: [Int64] = []
  /// The time of each event, by id: where to look for it.
  private var timesByID: [String: Int64] = [:]

  /// A catalogue of `events`; of several events with one id, the one
  /// updated last is kept (the first of those updated together).
  public init(events: [FDSNEvent]) {
    var latest: [String: FDSNEvent] = [:]
    for event in events {
      if let kept = latest[event.id], kept.updatedMilliseconds >= event.updatedMilliseconds { continue }
      latest[event.id] = event
    }
    self.events = latest.values.sorted(by: Self.precedes)
    self.times = self.events.map(\.timeMilliseconds)
    self.timesByID = Dictionary(uniqueKeysWithValues: self.events.map { ($0.id, $0.timeMilliseconds) })
  }

  /// The number of events (deleted ones included).
  public var count: Int { self.events.count }

  /// The event `id`, if the catalogue has it.
  public func event(id: String) -> FDSNEvent? {
    self.index(of: id).map { self.events[$0] }
  }

  /// Adds `event`, in time order; an event with the same id is replaced.
  public mutating func insert(_ event: FDSNEvent) {
    if let index = self.index(of: event.id) {
      self.events.remove(at: index)
      self.times.remove(at: index)
    }
    let time = event.timeMilliseconds
    var index = self.firstIndex(atOrAfter: time)
    while index < self.times.count, self.times[index] == time, self.events[index].id < event.id {
      index += 1
    }
    self.events.insert(event, at: index)
    self.times.insert(time, at: index)
    self.timesByID[event.id] = time
  }

  /// Replaces the event with `event`'s id by `event`; returns `false` (and
  /// changes nothing) when there is no such event.
  @discardableResult
  public mutating func update(_ event: FDSNEvent) -> Bool {
    guard self.timesByID[event.id] != nil else { return false }
    self.insert(event)
    return true
  }

  /// Marks the event `id` deleted, as USGS does: its status becomes
  /// `deleted` and its `updated` `date`; its other properties stay, and
  /// the service shows it only to `includedeleted`. Returns `false` when
  /// there is no such event.
  @discardableResult
  public mutating func markDeleted(id: String, at date: Date) -> Bool {
    guard let index = self.index(of: id) else { return false }
    self.events[index].status = "deleted"
    self.events[index].updated = FDSNEvent.wholeMilliseconds(date)
    return true
  }

  /// The events whose time is in `start...end` (milliseconds since 1970),
  /// oldest first: two binary searches, then a slice.
  func events(from start: Int64, through end: Int64) -> ArraySlice<FDSNEvent> {
    guard start <= end else { return [] }
    let lower = self.firstIndex(atOrAfter: start)
    let upper = end == Int64.max ? self.times.count : self.firstIndex(atOrAfter: end + 1)
    return self.events[lower..<max(lower, upper)]
  }

  /// The index of the event `id`, found among the events of its time.
  private func index(of id: String) -> Int? {
    guard let time = self.timesByID[id] else { return nil }
    var index = self.firstIndex(atOrAfter: time)
    while index < self.times.count, self.times[index] == time {
      if self.events[index].id == id { return index }
      index += 1
    }
    return nil
  }

  /// The first index whose time is `time` or later (``count`` if none is).
  private func firstIndex(atOrAfter time: Int64) -> Int {
    var low = 0
    var high = self.times.count
    while low < high {
      let middle = low + (high - low) / 2
      if self.times[middle] < time {
        low = middle + 1
      } else {
        high = middle
      }
    }
    return low
  }

  /// The catalogue's order: by time, then by id.
  private static func precedes(_ first: FDSNEvent, _ second: FDSNEvent) -> Bool {
    let (firstTime, secondTime) = (first.timeMilliseconds, second.timeMilliseconds)
    return firstTime != secondTime ? firstTime < secondTime : first.id < second.id
  }
}
