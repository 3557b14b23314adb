public import Foundation
public import QuakesModel

/// Which alert rules a committed diff fires, and for which quakes: a pure
/// function of the diff, the quakes it replaced and the rules, so one
/// evaluation per batch decides, and nothing else (a restart, a failed fetch,
/// a `304`) can fire.
///
/// - An inserted quake fires ``AlertTrigger/new`` for each rule it matches,
///   unless its origin time is older than the rule's ``AlertRule/maximumAge``
///   at `date` (it is then recorded as known by being cached).
/// - An updated quake fires ``AlertTrigger/new`` for a rule it matches now
///   and did not match before, and ``AlertTrigger/upgraded`` for a rule it
///   matched both times when the update is an upgrade.
/// - A deleted quake fires ``AlertTrigger/deleted`` for each rule it matched.
/// - A deleted quake whose id an inserted quake lists among its `ids` is the
///   same event under a new id: the pair counts as an update.
///
/// The cost is linear in the diff times the rules; old quakes of a first
/// load cost one comparison each.
public enum AlertEvaluation {
  /// The firings of `rules` for `diff`, committed at `date`; `previous`
  /// gives each updated quake as it was before the batch.
  public static func firings(
    for diff: QuakesDiff,
    previous: (Quake.ID) -> Quake?,
    rules: [AlertRule],
    at date: Date
  ) -> [AlertFiring] {
    guard !rules.isEmpty, !diff.isEmpty else { return [] }
    let compiled = rules.map { (rule: $0, matcher: QuakesQuery.Filter.Matcher($0.filter)) }
    let renamed = self.renames(in: diff)
    var firings: [AlertFiring] = []
    for quake in diff.inserted {
      if let old = renamed.oldQuake[quake.id] {
        self.evaluateUpdate(from: old, to: quake, compiled, at: date, into: &firings)
        continue
      }
      for (rule, matcher) in compiled
      where rule.triggers.contains(.new) && quake.time >= date.addingTimeInterval(-rule.maximumAge)
        && matcher.matches(quake)
      {
        firings.append(
          AlertFiring(rule: rule.name, trigger: .new, quake: quake, firedAt: date, channels: rule.channels))
      }
    }
    for quake in diff.updated {
      guard let old = previous(quake.id) else { continue }
      self.evaluateUpdate(from: old, to: quake, compiled, at: date, into: &firings)
    }
    for quake in diff.deleted where !renamed.oldIds.contains(quake.id) {
      for (rule, matcher) in compiled where rule.triggers.contains(.deleted) && matcher.matches(quake) {
        firings.append(
          AlertFiring(rule: rule.name, trigger: .deleted, quake: quake, firedAt: date, channels: rule.channels))
      }
    }
    return self.markingUrgent(firings, rules: rules)
  }

  /// `firings` with ``AlertFiring/isUrgent`` set where the quake matches
  /// its rule's ``AlertRule/urgent`` filter.
  private static func markingUrgent(_ firings: [AlertFiring], rules: [AlertRule]) -> [AlertFiring] {
    var urgent: [String: QuakesQuery.Filter.Matcher] = [:]
    for rule in rules {
      if let filter = rule.urgent { urgent[rule.name] = QuakesQuery.Filter.Matcher(filter) }
    }
    guard !urgent.isEmpty else { return firings }
    return firings.map { firing in
      var firing = firing
      firing.isUrgent = urgent[firing.rule]?.matches(firing.quake) ?? false
      return firing
    }
  }

  /// What made `new` an upgrade of `old` for a rule whose step is
  /// `magnitudeStep`: `magnitude` (moved by at least the step, either way),
  /// `alert` (rose above the old level; a first green is none), `tsunami`
  /// (set), `status` (became `reviewed`); empty when it is no upgrade.
  public static func upgrades(from old: Quake, to new: Quake, magnitudeStep: Double) -> [String] {
    var changes: [String] = []
    if let before = old.magnitude, let after = new.magnitude, abs(after - before) >= magnitudeStep - 1e-9 {
      changes.append("magnitude")
    }
    if let after = new.impact.alert, after > (old.impact.alert ?? .green) {
      changes.append("alert")
    }
    if new.impact.tsunami == true, old.impact.tsunami != true {
      changes.append("tsunami")
    }
    if new.status == .reviewed, old.status != .reviewed {
      changes.append("status")
    }
    return changes
  }

  private static func evaluateUpdate(
    from old: Quake,
    to new: Quake,
    _ compiled: [(rule: AlertRule, matcher: QuakesQuery.Filter.Matcher)],
    at date: Date,
    into firings: inout [AlertFiring]
  ) {
    for (rule, matcher) in compiled where matcher.matches(new) {
      if !matcher.matches(old) {
        guard rule.triggers.contains(.new) else { continue }
        firings.append(
          AlertFiring(
            rule: rule.name, trigger: .new, quake: new, previous: old, firedAt: date, channels: rule.channels))
      } else if rule.triggers.contains(.upgraded) {
        let changes = self.upgrades(from: old, to: new, magnitudeStep: rule.magnitudeStep)
        guard !changes.isEmpty else { continue }
        firings.append(
          AlertFiring(
            rule: rule.name, trigger: .upgraded, quake: new, previous: old, changes: changes, firedAt: date,
            channels: rule.channels))
      }
    }
  }

  /// The deleted quakes that an inserted quake replaces under a new id.
  private static func renames(in diff: QuakesDiff) -> (oldQuake: [Quake.ID: Quake], oldIds: Set<Quake.ID>) {
    guard !diff.deleted.isEmpty, !diff.inserted.isEmpty else { return ([:], []) }
    let deleted = Dictionary(diff.deleted.map { ($0.id, $0) }) { first, _ in first }
    var oldQuake: [Quake.ID: Quake] = [:]
    var oldIds: Set<Quake.ID> = []
    for quake in diff.inserted {
      guard let ids = quake.catalog.ids else { continue }
      for other in ids.elements where other != quake.id {
        if let old = deleted[other], oldQuake[quake.id] == nil {
          oldQuake[quake.id] = old
          oldIds.insert(other)
        }
      }
    }
    return (oldQuake, oldIds)
  }
}
