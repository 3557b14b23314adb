public import Foundation

extension FDSNCatalogue {
  /// A made-up but realistic catalogue of `count` events with times spread
  /// uniformly over `start..<end` (none when `end` is not after `start`).
  ///
  /// Magnitudes follow Gutenberg–Richter with b = 1 from 1.0 (many small,
  /// few large; some events without one), positions are jittered around a
  /// dozen real seismic regions (one across the antimeridian), depths are
  /// 0–700 km and mostly shallow, most quakes of 5 and more carry a PAGER
  /// alert, some of 2.5 and more felt reports, and a few events are quarry
  /// blasts, explosions or ice quakes. Ids are a network and a serial
  /// number (`nc40000000`, …), unique within the catalogue; `updated` is a
  /// few minutes after `time`. The same arguments give the same catalogue on
  /// every machine, so tests and benchmarks repeat.
  public static func generated(count: Int, from start: Date, to end: Date, seed: UInt64 = 2_024) -> FDSNCatalogue {
    var generator = FDSNEventGenerator(seed: seed)
    let events = generator.events(
      count: count, start: FDSNEvent.milliseconds(start), end: FDSNEvent.milliseconds(end))
    return FDSNCatalogue(events: events)
  }
}
