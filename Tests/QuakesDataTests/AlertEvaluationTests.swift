import Foundation
import QuakesData
import QuakesModel
import Testing
import USGSStandIn

/// Which rules a committed diff fires, for which quakes, and why: the rules
/// of docs/alerts.md, one at a time.
@Suite("Alert evaluation: what a diff fires")
struct AlertEvaluationTests {
  private let now = Date(timeIntervalSince1970: 1_700_000_000)

  /// A quake of `magnitude` that happened `age` seconds before ``now``.
  private func quake(
    _ id: String, magnitude: Double = 5, age: Double = 60, updatedAfter: Double = 0, impact: QuakeImpact = .unknown,
    status: ReviewStatus = .automatic, ids: [String]? = nil
  ) -> Quake {
    let time = self.now.addingTimeInterval(-age)
    return Quake(
      id: id, magnitude: magnitude, time: time, updated: time.addingTimeInterval(updatedAfter), place: "somewhere",
      longitude: 10, latitude: 20, status: status, impact: impact,
      catalog: QuakeCatalogEntry(ids: ids.map(CommaWrappedList.init)))
  }

  private func rule(_ name: String = "big", minMagnitude: Double = 5, on triggers: Set<AlertTrigger> = [.new])
    -> AlertRule
  {
    AlertRule(
      name: name, filter: QuakesQuery.Filter(minMagnitude: minMagnitude), triggers: triggers, channels: ["exec:/x"])
  }

  private func fire(_ diff: QuakesDiff, before: [Quake] = [], rules: [AlertRule]) -> [String] {
    let old = Dictionary(uniqueKeysWithValues: before.map { ($0.id, $0) })
    return AlertEvaluation.firings(for: diff, previous: { old[$0] }, rules: rules, at: self.now).map {
      "\($0.rule) \($0.trigger.rawValue) \($0.quake.id)"
        + ($0.changes.isEmpty ? "" : " " + $0.changes.joined(separator: ","))
    }
  }

  @Test("a new quake fires new for each rule it matches, and no other")
  func newQuakes() {
    let diff = QuakesDiff(inserted: [self.quake("a", magnitude: 6), self.quake("b", magnitude: 4)])
    let rules = [self.rule("big", minMagnitude: 5), self.rule("any", minMagnitude: 0)]
    #expect(Set(self.fire(diff, rules: rules)) == ["big new a", "any new a", "any new b"])
  }

  @Test("a new quake older than the rule's max-age when first seen is recorded, not announced")
  func oldQuakesDoNotFlood() {
    var rule = self.rule()
    rule.maximumAge = 3600
    let diff = QuakesDiff(inserted: [self.quake("fresh", age: 3599), self.quake("old", age: 3601)])
    #expect(self.fire(diff, rules: [rule]) == ["big new fresh"])
  }

  @Test("an update that makes a quake match fires new, with the quake before it")
  func enteringByUpdate() throws {
    let before = self.quake("a", magnitude: 4.8)
    let after = self.quake("a", magnitude: 5.1, age: 1_000_000, updatedAfter: 10)
    let diff = QuakesDiff(updated: [after])
    #expect(self.fire(diff, before: [before], rules: [self.rule(on: [.new, .upgraded])]) == ["big new a"])
    let firing = try #require(
      AlertEvaluation.firings(for: diff, previous: { _ in before }, rules: [self.rule()], at: self.now).first)
    #expect(firing.previous == before, "an update that enters a rule is announced whatever the quake's age")
  }

  @Test(
    "an upgrade of a matching quake: magnitude by the step either way, alert up (a first green is none), tsunami set, reviewed"
  )
  func upgrades() {
    let rule = self.rule(on: [.upgraded])
    let cases: [(Quake, Quake, String?)] = [
      (self.quake("m", magnitude: 5.0), self.quake("m", magnitude: 5.3), "magnitude"),
      (self.quake("m", magnitude: 5.6), self.quake("m", magnitude: 5.3), "magnitude"),
      (self.quake("m", magnitude: 5.0), self.quake("m", magnitude: 5.29), nil),
      (self.quake("g"), self.quake("g", impact: QuakeImpact(alert: .green)), nil),
      (self.quake("y"), self.quake("y", impact: QuakeImpact(alert: .yellow)), "alert"),
      (self.quake("o", impact: QuakeImpact(alert: .orange)), self.quake("o", impact: QuakeImpact(alert: .yellow)), nil),
      (
        self.quake("t", impact: QuakeImpact(tsunami: false)), self.quake("t", impact: QuakeImpact(tsunami: true)),
        "tsunami"
      ),
      (self.quake("r"), self.quake("r", status: .reviewed), "status"),
      (self.quake("r", status: .reviewed), self.quake("r", updatedAfter: 5, status: .reviewed), nil),
    ]
    for (before, after, change) in cases {
      let fired = self.fire(QuakesDiff(updated: [after]), before: [before], rules: [rule])
      #expect(fired == (change.map { ["big upgraded \(after.id) \($0)"] } ?? []), "\(before) → \(after)")
    }
  }

  @Test("a rule fires only on what its on: names")
  func triggersAreRespected() {
    let before = [self.quake("u", magnitude: 5), self.quake("d", magnitude: 6)]
    let diff = QuakesDiff(
      inserted: [self.quake("n")], updated: [self.quake("u", magnitude: 5.5)], deleted: [self.quake("d", magnitude: 6)])
    #expect(self.fire(diff, before: before, rules: [self.rule(on: [.new])]) == ["big new n"])
    #expect(self.fire(diff, before: before, rules: [self.rule(on: [.upgraded])]) == ["big upgraded u magnitude"])
    #expect(self.fire(diff, before: before, rules: [self.rule(on: [.deleted])]) == ["big deleted d"])
  }

  @Test("a deleted quake fires deleted for the rules it matched, and a small one for none")
  func deletions() {
    let diff = QuakesDiff(deleted: [self.quake("big", magnitude: 6), self.quake("small", magnitude: 3)])
    #expect(self.fire(diff, rules: [self.rule(on: [.deleted])]) == ["big deleted big"])
  }

  @Test("a quake under a new id that lists the old one is the same quake: no new, no deleted, perhaps an upgrade")
  func idChangeIsTheSameQuake() {
    let old = self.quake("ak123", magnitude: 5.0)
    let renamed = self.quake("us7000x", magnitude: 5.4, ids: ["ak123", "us7000x"])
    let diff = QuakesDiff(inserted: [renamed], deleted: [old])
    #expect(
      self.fire(diff, rules: [self.rule(on: [.new, .upgraded, .deleted])]) == ["big upgraded us7000x magnitude"])
    let unrelated = QuakesDiff(inserted: [self.quake("us7000y", ids: ["us7000y"])], deleted: [old])
    #expect(
      self.fire(unrelated, rules: [self.rule(on: [.new, .deleted])]) == ["big new us7000y", "big deleted ak123"])
  }

  @Test("no rules or an empty diff fire nothing")
  func nothingToEvaluate() {
    #expect(self.fire(QuakesDiff(inserted: [self.quake("a")]), rules: []).isEmpty)
    #expect(self.fire(QuakesDiff(), rules: [self.rule()]).isEmpty)
  }

  @Test("the event JSON carries the key, the event, the rule, the quake and what changed, keys sorted")
  func eventJSON() throws {
    let before = self.quake("a", magnitude: 5.0)
    let after = self.quake("a", magnitude: 5.5, updatedAfter: 1)
    let firing = try #require(
      AlertEvaluation.firings(
        for: QuakesDiff(updated: [after]), previous: { _ in before }, rules: [self.rule(on: [.upgraded])],
        at: self.now
      ).first)
    let event = try #require(
      try JSONSerialization.jsonObject(with: Data(firing.eventJSON.utf8)) as? [String: Any])
    #expect(event["event"] as? String == "upgraded" && event["rule"] as? String == "big")
    #expect(event["key"] as? String == "big/upgraded/a/\(Timestamp.milliseconds(after.updated))")
    #expect(event["changes"] as? [String] == ["magnitude"])
    #expect((event["quake"] as? [String: Any])?["magnitude"] as? Double == 5.5)
    #expect((event["previous"] as? [String: Any])?["magnitude"] as? Double == 5.0)
    #expect(event["firedAt"] as? String == "2023-11-14T22:13:20.000Z")
    #expect(firing.eventJSON.hasPrefix("{\"changes\":"), "keys in order")
  }

  @Test("on 200 random batches and rule sets, exactly what a rule-by-rule check over every quake fires")
  func matchesBruteForce() {
    let seed = UInt64.random(in: 0...UInt64.max)
    var generator = SplitMix64(seed: seed)
    for round in 0..<200 {
      let rules = (0..<Int.random(in: 1...8, using: &generator)).map { index in
        var filter = QuakesQuery.Filter()
        if Bool.random(using: &generator) {
          filter.minMagnitude = Double(Int.random(in: 10...60, using: &generator)) / 10
        }
        if Bool.random(using: &generator) {
          filter.maxMagnitude = Double(Int.random(in: 20...70, using: &generator)) / 10
        }
        if Int.random(in: 0..<4, using: &generator) == 0 { filter.minFelt = Int.random(in: 0...5, using: &generator) }
        var rule = AlertRule(
          name: "r\(index)", filter: filter,
          triggers: Set(AlertTrigger.allCases.filter { _ in Bool.random(using: &generator) }), magnitudeStep: 0.3,
          maximumAge: Double(Int.random(in: 60...7200, using: &generator)))
        if rule.triggers.isEmpty { rule.triggers = [.new] }
        return rule
      }
      let before = (0..<30).map { index in
        self.quake(
          "q\(index)", magnitude: Double(Int.random(in: 5...70, using: &generator)) / 10,
          age: Double(Int.random(in: 0...10_000, using: &generator)),
          impact: QuakeImpact(felt: Bool.random(using: &generator) ? Int.random(in: 0...9, using: &generator) : nil))
      }
      let after = before.map { old in
        self.quake(
          old.id, magnitude: (old.magnitude ?? 1) + Double(Int.random(in: -6...6, using: &generator)) / 10,
          age: self.now.timeIntervalSince(old.time), updatedAfter: 1, impact: old.impact)
      }
      let diff = QuakesDiff(
        inserted: Array(after[0..<10]), updated: Array(after[10..<20]), deleted: Array(before[20..<30]))
      let previous = Dictionary(uniqueKeysWithValues: before.map { ($0.id, $0) })
      var expected = Set<String>()
      for rule in rules {
        let matcher = QuakesQuery.Filter.Matcher(rule.filter)
        for quake in diff.inserted
        where rule.triggers.contains(.new) && matcher.matches(quake)
          && quake.time >= self.now.addingTimeInterval(-rule.maximumAge)
        {
          expected.insert("\(rule.name) new \(quake.id)")
        }
        for quake in diff.updated where matcher.matches(quake) {
          let old = previous[quake.id]!
          if !matcher.matches(old) {
            if rule.triggers.contains(.new) { expected.insert("\(rule.name) new \(quake.id)") }
          } else if rule.triggers.contains(.upgraded),
            !AlertEvaluation.upgrades(from: old, to: quake, magnitudeStep: rule.magnitudeStep).isEmpty
          {
            expected.insert("\(rule.name) upgraded \(quake.id)")
          }
        }
        for quake in diff.deleted where rule.triggers.contains(.deleted) && matcher.matches(quake) {
          expected.insert("\(rule.name) deleted \(quake.id)")
        }
      }
      let fired = AlertEvaluation.firings(for: diff, previous: { previous[$0] }, rules: rules, at: self.now)
      #expect(
        Set(fired.map { "\($0.rule) \($0.trigger.rawValue) \($0.quake.id)" }) == expected,
        "round \(round), seed \(seed)")
      #expect(fired.count == expected.count, "nothing fires twice (round \(round), seed \(seed))")
    }
  }
}
