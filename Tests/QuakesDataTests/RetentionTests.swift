import Foundation
import QuakesData
import QuakesModel
import Testing
import USGSStandIn

/// The retention rules: which quakes they remove, as a pure function of the
/// state and the clock, and the reducer's action that applies them.
@Suite("Retention: rules that remove exactly what they say")
struct RetentionTests {
  private static let now = Date(timeIntervalSince1970: 1_700_000_000)
  private static let day: Double = 86_400

  private static func quake(_ id: String, daysOld: Double, magnitude: Double?, significance: Int? = nil) -> Quake {
    let time = now.addingTimeInterval(-daysOld * day)
    return Quake(
      id: id, magnitude: magnitude, time: time, updated: time, place: "somewhere", longitude: -122, latitude: 37,
      impact: QuakeImpact(significance: significance))
  }

  private static func keep(_ days: Double?, minMagnitude: Double? = nil) -> RetentionRule {
    var filter = QuakesQuery.Filter()
    filter.minMagnitude = minMagnitude
    return RetentionRule(filter: filter, keepSeconds: days.map { $0 * day })
  }

  @Test("the first matching rule decides; keep forever keeps; a quake no rule matches is kept")
  func firstMatchDecides() {
    let state = QuakesState.loaded([
      Self.quake("big-old", daysOld: 400, magnitude: 5), Self.quake("small-old", daysOld: 100, magnitude: 2),
      Self.quake("small-young", daysOld: 80, magnitude: 2), Self.quake("unknown-old", daysOld: 100, magnitude: nil),
    ])
    let rules = [Self.keep(nil, minMagnitude: 4.5), Self.keep(90)]
    #expect(Set(Retention.expired(in: state, rules: rules, at: Self.now)) == ["small-old", "unknown-old"])
    #expect(
      Retention.expired(in: state, rules: [Self.keep(90, minMagnitude: 4.5)], at: Self.now) == ["big-old"],
      "the small ones match no rule")
    #expect(Retention.expired(in: state, rules: [], at: Self.now).isEmpty)
    #expect(Retention.expired(in: state, rules: [Self.keep(nil)], at: Self.now).isEmpty)
  }

  @Test("a quake a polled feed still carries stays, whatever the rules; one of an unpolled feed's window does not")
  func carriedQuakesStay() {
    let quakes = [
      Self.quake("week-small", daysOld: 3, magnitude: 2), Self.quake("week-big", daysOld: 5, magnitude: 4.6),
      Self.quake("month", daysOld: 20, magnitude: 3),
      Self.quake("significant", daysOld: 20, magnitude: 3, significance: 650),
    ]
    var state = QuakesState.loaded(quakes)
    let rules = [Self.keep(1)]
    #expect(Set(Retention.expired(in: state, rules: rules, at: Self.now)) == Set(quakes.map(\.id)), "nothing polled")

    state.options.polledFeeds = [QuakesFeed(.magnitude4_5, .week)]
    #expect(Set(Retention.expired(in: state, rules: rules, at: Self.now)) == ["week-small", "month", "significant"])
    state.options.polledFeeds = [.allWeek]
    #expect(Set(Retention.expired(in: state, rules: rules, at: Self.now)) == ["month", "significant"])
    state.options.polledFeeds = [.allWeek, QuakesFeed(.significant, .month)]
    #expect(Retention.expired(in: state, rules: rules, at: Self.now) == ["month"])
    // A feed's window ends at its last batch's generated, when it has one.
    state.options.polledFeeds = [.allMonth]
    state.feeds[.allMonth] = FeedState(record: FeedRecord(generated: Self.now.addingTimeInterval(-15 * Self.day)))
    #expect(Retention.expired(in: state, rules: rules, at: Self.now).isEmpty, "20 days old is in (−45 d, −15 d]")
    state.feeds[.allMonth] = FeedState(record: FeedRecord(generated: Self.now.addingTimeInterval(-Self.day * 12)))
    #expect(Set(Retention.expired(in: state, rules: rules, at: Self.now)).isEmpty)
    state.feeds[.allMonth] = FeedState(record: FeedRecord(generated: Self.now.addingTimeInterval(+Self.day * 15)))
    #expect(Set(Retention.expired(in: state, rules: rules, at: Self.now)) == ["month", "significant"])
  }

  @Test("against a brute-force check: 300 random caches, rule lists and feeds")
  func matchesBruteForce() {
    // A new seed each run, named in every failure; QUAKES_RETENTION_SEED replays one.
    let seed =
      ProcessInfo.processInfo.environment["QUAKES_RETENTION_SEED"].flatMap { UInt64($0) }
      ?? UInt64.random(in: 0...UInt64.max)
    var generator = SplitMix64(seed: seed)
    for round in 0..<300 {
      let quakes = (0..<60).map { index in
        Self.quake(
          "q\(index)", daysOld: Double.random(in: -1...400, using: &generator),
          magnitude: Bool.random(using: &generator) ? nil : Double.random(in: -1...8, using: &generator),
          significance: Int.random(in: 0...1_000, using: &generator))
      }
      var state = QuakesState.loaded(quakes)
      let rules = (0..<Int.random(in: 0...4, using: &generator)).map { _ in
        Self.keep(
          Bool.random(using: &generator) ? nil : Double.random(in: 0.5...300, using: &generator),
          minMagnitude: Bool.random(using: &generator) ? nil : Double.random(in: 0...7, using: &generator))
      }
      state.options.polledFeeds = Set(QuakesFeed.allFeeds.filter { _ in Int.random(in: 0..<6, using: &generator) == 0 })
      for feed in state.options.polledFeeds where Bool.random(using: &generator) {
        let generated = Self.now.addingTimeInterval(-Double.random(in: 0...40, using: &generator) * Self.day)
        state.feeds[feed] = FeedState(record: FeedRecord(generated: generated))
      }

      let expected = quakes.filter { quake in
        guard let rule = rules.first(where: { QuakesQuery.Filter.Matcher($0.filter).matches(quake) }),
          let keep = rule.keepSeconds, Self.now.timeIntervalSince(quake.time) > keep
        else { return false }
        return !state.options.polledFeeds.contains { feed in
          // A feed still lists a quake up to the window margin past its window's old edge.
          let generated = state.feeds[feed]?.record.generated ?? Self.now
          guard quake.time.timeIntervalSince(generated) > -feed.period.seconds - state.options.windowMargin else {
            return false
          }
          switch feed.threshold {
          case .all: return true
          case .significant: return (quake.impact.significance ?? 0) >= 600
          case .magnitude4_5: return (quake.magnitude ?? -99) >= 4.5
          case .magnitude2_5: return (quake.magnitude ?? -99) >= 2.5
          case .magnitude1_0: return (quake.magnitude ?? -99) >= 1.0
          }
        }
      }
      let expired = Retention.expired(in: state, rules: rules, at: Self.now)
      #expect(Set(expired) == Set(expected.map(\.id)), "round \(round), seed \(seed)")
      #expect(expired.count == Set(expired).count, "round \(round), seed \(seed): each once")
      let times = expired.compactMap { state.quakes.data[$0]?.time }
      #expect(times == times.sorted(), "round \(round), seed \(seed): oldest first")
    }
  }

  @Test("the reducer removes what the local store expired, from the state or the count, and records it")
  func reducerApplies() throws {
    let old = Self.quake("old", daysOld: 100, magnitude: 2)
    let older = Self.quake("older", daysOld: 200, magnitude: 2)
    var state = QuakesState.loaded([old, Self.quake("young", daysOld: 1, magnitude: 2)])
    state.quakes.historyCount = 5  // older is among them, in the database only
    state.options.retention = [Self.keep(90)]
    #expect(try QuakesReducer.reduce(state: state, action: .scheduler(.retentionDue(date: Self.now))) == state)
    #expect(!QuakesFilter.filterQuakes()(state, .scheduler(.retentionDue(date: Self.now))))

    let expired = QuakesAction.data(
      .persistentSession(.localStore(.didExpireQuakes(quakes: [older, old], date: Self.now))))
    let after = try QuakesReducer.reduce(state: state, action: expired)
    #expect(after.quakes.data.keys.sorted() == ["young"])
    #expect(after.quakes.historyCount == 4)
    #expect(after.retention.lastRemoval == Self.now && after.retention.lastRemoved == 2 && after.retention.removed == 2)
    #expect(QuakesFilter.filterQuakes()(state, expired))

    let nothing = QuakesAction.data(.persistentSession(.localStore(.didExpireQuakes(quakes: [], date: Self.now))))
    #expect(
      try QuakesReducer.reduce(state: after, action: nothing) == after, "nothing expired: the state does not change")
  }
}
