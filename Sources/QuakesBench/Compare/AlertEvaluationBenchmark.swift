import Foundation
import QuakesData
import QuakesModel

/// The cost of deciding what one batch fires: ``AlertEvaluation`` with
/// `rules` rules on a batch of `quakes` quakes, all new in the cache and
/// young enough to be announced (the worst case: no quake is skipped before
/// the rules are tried), then the same quakes as updates (each tried before
/// and after, for entering and for upgrades).
///
/// The rules mix what people write: magnitude thresholds, 300 km circles,
/// boxes, PAGER levels, felt reports, a place search, the tsunami flag; the
/// quakes have the magnitudes of a real catalogue (most below 2.5).
enum AlertEvaluationBenchmark {
  struct Result {
    /// Milliseconds per evaluation of the inserted batch.
    var inserted = Samples()
    /// Milliseconds per evaluation of the updated batch.
    var updated = Samples()
    /// Firings per evaluation (the same every round).
    var insertedFirings = 0
    var updatedFirings = 0
  }

  static func run(rules ruleCount: Int, quakes count: Int, rounds: Int) throws -> Result {
    let now = Date()
    let rules = (0..<ruleCount).map { self.rule($0) }
    let quakes = (0..<count).map { self.quake($0, now: now, magnitude: self.magnitude($0)) }
    // Each revised by 0.4: an upgrade for every rule that matched before.
    let revised = (0..<count).map { self.quake($0, now: now, magnitude: self.magnitude($0) + 0.4) }
    let before = Dictionary(uniqueKeysWithValues: quakes.map { ($0.id, $0) })
    var result = Result()
    for round in 0..<rounds {
      let (insertedSeconds, inserted) = self.time {
        AlertEvaluation.firings(for: QuakesDiff(inserted: quakes), previous: { _ in nil }, rules: rules, at: now)
      }
      let (updatedSeconds, updated) = self.time {
        AlertEvaluation.firings(for: QuakesDiff(updated: revised), previous: { before[$0] }, rules: rules, at: now)
      }
      // The work must be the same every round, and not nothing.
      guard !inserted.isEmpty, !updated.isEmpty,
        round == 0 || (inserted.count == result.insertedFirings && updated.count == result.updatedFirings)
      else {
        throw MeasuredRun.Failure(
          description: "alert evaluation fired \(inserted.count) and \(updated.count) in round \(round)")
      }
      result.insertedFirings = inserted.count
      result.updatedFirings = updated.count
      result.inserted.append(insertedSeconds * 1000)
      result.updated.append(updatedSeconds * 1000)
    }
    return result
  }

  private static func time<T>(_ body: () -> T) -> (Double, T) {
    let clock = ContinuousClock()
    let start = clock.now
    let value = body()
    let elapsed = clock.now - start
    return (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18, value)
  }

  /// Rule `index`: one of seven kinds people write, each with its own
  /// place or threshold.
  private static func rule(_ index: Int) -> AlertRule {
    var filter = QuakesQuery.Filter()
    let step = Double(index / 7)
    switch index % 7 {
    case 0: filter.minMagnitude = 4 + step / 5
    case 1:
      filter.near = GeoCircle(centre: GeoPoint(latitude: 31 + step / 2, longitude: -124 + step), radiusKm: 300)
      filter.minMagnitude = 2.5
    case 2:
      filter.bbox = GeoBox(
        minLatitude: 30 + step / 2, maxLatitude: 33 + step / 2, minLongitude: -125 + step, maxLongitude: -121 + step)
      filter.minMagnitude = 3
    case 3: filter.minAlert = [.green, .yellow, .orange, .red][index / 7 % 4]
    case 4: filter.minFelt = 10 + index
    case 5:
      filter.search = ["California", "Alaska", "Nevada", "Hawaii"][index / 7 % 4]
      filter.minMagnitude = 3.5
    default:
      filter.tsunami = true
    }
    return AlertRule(
      name: "rule\(index)", filter: filter, triggers: [.new, .upgraded, .deleted], channels: ["webhook:http://h/"])
  }

  /// Quake `index` of `magnitude`, spread over the western United States,
  /// with what USGS gives quakes of that size: felt reports from 2.5, a
  /// PAGER alert from 5, sometimes the tsunami flag from 6.5.
  private static func quake(_ index: Int, now: Date, magnitude: Double) -> Quake {
    let time = now.addingTimeInterval(-Double(index % 3000))
    return Quake(
      id: "alert\(index)", magnitude: magnitude, magnitudeType: "ml", time: time, updated: time,
      place: ["10 km N of Ridgecrest, California", "40 km SW of Anchorage, Alaska", "5 km E of Reno, Nevada"][
        index % 3],
      longitude: -125 + Double(index % 400) / 20, latitude: 30 + Double(index % 300) / 20, depth: 8,
      status: .automatic,
      impact: QuakeImpact(
        felt: magnitude >= 2.5 ? index % 50 : nil, alert: magnitude >= 5 ? [.green, .yellow][index % 2] : nil,
        tsunami: magnitude >= 6.5 && index.isMultiple(of: 3)))
  }

  /// The magnitude of quake `index`, drawn from Gutenberg–Richter (b = 1)
  /// by a fixed sequence, so every run measures the same batch.
  static func magnitude(_ index: Int) -> Double {
    // The golden-ratio sequence spreads u over (0, 1) evenly.
    let u = (Double(index) * 0.618_033_988_749_895).truncatingRemainder(dividingBy: 1) * 0.999_999 + 1e-7
    return ((1 - log10(u)) * 10).rounded() / 10
  }
}
