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
/// The cost is at most the diff times the rules. The rules are sorted by
/// their magnitude threshold, so a quake below a rule's threshold is done
/// with it and every rule after it in one comparison (most quakes are
/// small), and an old quake of a first load costs one comparison.
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
    // By magnitude threshold, lowest first: a quake stops at the first rule
    // whose threshold it is below (most quakes are small), in one comparison.
    let compiled = rules.map { CompiledRule($0, at: date) }.sorted { $0.minimumMagnitude < $1.minimumMagnitude }
    let announcing = compiled.filter(\.firesNew)
    // A quake older than every rule's max-age is announced by none: one comparison.
    let oldestAnnounced = announcing.map(\.oldestAnnounced).min() ?? .distantFuture
    let renamed = self.renames(in: diff)
    var firings: [AlertFiring] = []
    for quake in diff.inserted {
      if let old = renamed.oldQuake[quake.id] {
        self.evaluateUpdate(from: old, to: quake, compiled, at: date, into: &firings)
        continue
      }
      let time = quake.time
      guard time >= oldestAnnounced else { continue }
      let magnitude = quake.magnitude ?? -.infinity
      for rule in announcing {
        guard rule.minimumMagnitude <= magnitude else { break }
        if time >= rule.oldestAnnounced && rule.matches(quake) {
          firings.append(rule.firing(.new, quake, at: date))
        }
      }
    }
    for quake in diff.updated {
      guard let old = previous(quake.id) else { continue }
      self.evaluateUpdate(from: old, to: quake, compiled, at: date, into: &firings)
    }
    for quake in diff.deleted where !renamed.oldIds.contains(quake.id) {
      let magnitude = quake.magnitude ?? -.infinity
      for rule in compiled {
        guard rule.minimumMagnitude <= magnitude else { break }
        if rule.firesDeleted && rule.matches(quake) {
          firings.append(rule.firing(.deleted, quake, at: date))
        }
      }
    }
    return firings
  }

  /// A rule ready for many quakes: its filters compiled, its triggers as
  /// flags. A class: the loops hand it around by reference, where copying a
  /// struct of two compiled filters for every quake cost more than the tests.
  private final class CompiledRule {
    let rule: AlertRule
    let matcher: QuakesQuery.Filter.Matcher
    let urgent: QuakesQuery.Filter.Matcher?
    let firesNew: Bool
    let firesUpgraded: Bool
    let firesDeleted: Bool
    /// The oldest origin time a new quake may have to be announced.
    let oldestAnnounced: Date
    /// The least magnitude the filter lets through; -∞ when it has no such bound.
    let minimumMagnitude: Double

    init(_ rule: AlertRule, at date: Date) {
      self.rule = rule
      self.matcher = QuakesQuery.Filter.Matcher(rule.filter)
      self.urgent = rule.urgent.map(QuakesQuery.Filter.Matcher.init)
      self.firesNew = rule.triggers.contains(.new)
      self.firesUpgraded = rule.triggers.contains(.upgraded)
      self.firesDeleted = rule.triggers.contains(.deleted)
      self.oldestAnnounced = date.addingTimeInterval(-rule.maximumAge)
      self.minimumMagnitude = rule.filter.minMagnitude ?? -.infinity
    }

    /// Whether the rule's filter matches `quake` (through a method, so the
    /// compiled filter is borrowed, never copied, for each quake).
    func matches(_ quake: Quake) -> Bool {
      self.matcher.matches(quake)
    }

    /// The firing of `trigger` for `quake`, urgent when it matches the rule's `unless:`.
    func firing(
      _ trigger: AlertTrigger, _ quake: Quake, previous: Quake? = nil, changes: [String] = [], at date: Date
    ) -> AlertFiring {
      AlertFiring(
        rule: self.rule.name, trigger: trigger, quake: quake, previous: previous, changes: changes, firedAt: date,
        channels: self.rule.channels, isUrgent: self.urgent?.matches(quake) ?? false)
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
    _ compiled: [CompiledRule],
    at date: Date,
    into firings: inout [AlertFiring]
  ) {
    let magnitude = new.magnitude ?? -.infinity
    for rule in compiled {
      guard rule.minimumMagnitude <= magnitude else { break }
      guard rule.matches(new) else { continue }
      if !rule.matches(old) {
        guard rule.firesNew else { continue }
        firings.append(rule.firing(.new, new, previous: old, at: date))
      } else if rule.firesUpgraded {
        let changes = self.upgrades(from: old, to: new, magnitudeStep: rule.rule.magnitudeStep)
        guard !changes.isEmpty else { continue }
        firings.append(rule.firing(.upgraded, new, previous: old, changes: changes, at: date))
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
