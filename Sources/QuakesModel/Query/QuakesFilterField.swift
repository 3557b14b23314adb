/// One filter of a quake selection (``QuakesQuery/Filter``), declared once:
/// what it is called on the wire, on quakectl's command line and in the
/// configuration, and what the FDSN event service calls it, if anything.
///
/// Each place that reads a filter goes through every case with a `switch`
/// of its own: the wire's conversion (`FilterParams`), the in-memory
/// matcher, the SQL (`QuakesQuerySQL`), the FDSN query (``HistoryQuery``).
/// So a filter added here does not compile until each of them says what it
/// does with it; the names below are the ones the docs tests look for in
/// docs/protocol.md, docs/cli.md and docs/backfill.md, and the
/// configuration accepts.
public enum QuakesFilterField: String, CaseIterable, Hashable, Sendable {
  case search, day, timeZone, since, until, updatedAfter
  case minMagnitude, maxMagnitude, minDepth, maxDepth
  case minAlert, alert, minFelt, minCdi, minMmi, minSignificance, tsunami
  case reviewStatus, network, eventType, magnitudeType
  case bbox, near, within

  /// A filter's names, and whether the FDSN event service can apply it.
  public struct Declaration: Hashable, Sendable {
    /// Its key in the params of `quakes.list` and its kin (docs/protocol.md).
    public let wire: String
    /// quakectl's flag for it (docs/cli.md).
    public let flag: String
    /// What a backfill sends for it.
    public let fdsn: FDSN

    /// Its key in the configuration's retention and alert rules: the wire
    /// name in kebab-case (`minDepthKm` is `min-depth-km`).
    public var configuration: String { QuakesFilterField.kebabCase(self.wire) }
  }

  /// What a backfill sends the FDSN event service for a filter.
  public enum FDSN: Hashable, Sendable {
    /// These parameters (none for a filter that only qualifies another).
    case parameters([String])
    /// Nothing: the service cannot apply it, and a backfill that asks for
    /// it is refused (`hint` says what to ask instead, if anything).
    case cannot(hint: String?)
  }

  /// `name` (camelCase, as on the wire) in kebab-case, as in the configuration.
  public static func kebabCase(_ name: String) -> String {
    name.reduce(into: "") { kebab, character in
      if character.isUppercase { kebab += "-" + character.lowercased() } else { kebab.append(character) }
    }
  }

  /// The table.
  public var declaration: Declaration {
    switch self {
    case .search: Declaration(wire: "search", flag: "--search", fdsn: .cannot(hint: nil))
    case .day: Declaration(wire: "day", flag: "--day", fdsn: .cannot(hint: nil))
    // The zone of `day`: quakectl sends its own, or UTC with `--utc`.
    case .timeZone: Declaration(wire: "timeZone", flag: "--utc", fdsn: .parameters([]))
    case .since: Declaration(wire: "since", flag: "--since", fdsn: .parameters(["starttime"]))
    case .until: Declaration(wire: "until", flag: "--until", fdsn: .parameters(["endtime"]))
    case .updatedAfter: Declaration(wire: "updatedAfter", flag: "--updated-after", fdsn: .parameters(["updatedafter"]))
    case .minMagnitude: Declaration(wire: "minMagnitude", flag: "--min-magnitude", fdsn: .parameters(["minmagnitude"]))
    case .maxMagnitude: Declaration(wire: "maxMagnitude", flag: "--max-magnitude", fdsn: .parameters(["maxmagnitude"]))
    case .minDepth: Declaration(wire: "minDepthKm", flag: "--min-depth", fdsn: .parameters(["mindepth"]))
    case .maxDepth: Declaration(wire: "maxDepthKm", flag: "--max-depth", fdsn: .parameters(["maxdepth"]))
    case .minAlert:
      Declaration(
        wire: "minAlert", flag: "--min-alert", fdsn: .cannot(hint: "use alert: FDSN matches one level"))
    case .alert: Declaration(wire: "alert", flag: "--alert", fdsn: .parameters(["alertlevel"]))
    case .minFelt: Declaration(wire: "minFelt", flag: "--min-felt", fdsn: .parameters(["minfelt"]))
    case .minCdi: Declaration(wire: "minCdi", flag: "--min-cdi", fdsn: .parameters(["mincdi"]))
    case .minMmi: Declaration(wire: "minMmi", flag: "--min-mmi", fdsn: .parameters(["minmmi"]))
    case .minSignificance:
      Declaration(wire: "minSignificance", flag: "--min-significance", fdsn: .parameters(["minsig"]))
    case .tsunami: Declaration(wire: "tsunami", flag: "--tsunami", fdsn: .cannot(hint: nil))
    case .reviewStatus:
      Declaration(wire: "reviewStatus", flag: "--review-status", fdsn: .parameters(["reviewstatus"]))
    case .network: Declaration(wire: "network", flag: "--network", fdsn: .cannot(hint: nil))
    case .eventType: Declaration(wire: "eventType", flag: "--event-type", fdsn: .parameters(["eventtype"]))
    case .magnitudeType: Declaration(wire: "magnitudeType", flag: "--magnitude-type", fdsn: .cannot(hint: nil))
    case .near:
      Declaration(wire: "near", flag: "--near", fdsn: .parameters(["latitude", "longitude", "maxradiuskm"]))
    case .bbox:
      Declaration(
        wire: "bbox", flag: "--bbox",
        fdsn: .parameters(["minlatitude", "maxlatitude", "minlongitude", "maxlongitude"]))
    case .within: Declaration(wire: "within", flag: "--within", fdsn: .cannot(hint: nil))
    }
  }
}

extension QuakesQuery.Filter {
  /// Whether this filter asks for `field` (the time zone only when it is
  /// not UTC; it asks for nothing without a day).
  public func isGiven(_ field: QuakesFilterField) -> Bool {
    switch field {
    case .search: !self.search.isEmpty
    case .day: self.day != nil
    case .timeZone: self.timeZone != .gmt
    case .since: self.since != nil
    case .until: self.until != nil
    case .updatedAfter: self.updatedAfter != nil
    case .minMagnitude: self.minMagnitude != nil
    case .maxMagnitude: self.maxMagnitude != nil
    case .minDepth: self.minDepth != nil
    case .maxDepth: self.maxDepth != nil
    case .minAlert: self.minAlert != nil
    case .alert: self.alert != nil
    case .minFelt: self.minFelt != nil
    case .minCdi: self.minCdi != nil
    case .minMmi: self.minMmi != nil
    case .minSignificance: self.minSignificance != nil
    case .tsunami: self.tsunami != nil
    case .reviewStatus: self.reviewStatus != nil
    case .network: self.network != nil
    case .eventType: self.eventType != nil
    case .magnitudeType: self.magnitudeType != nil
    case .near: self.near != nil
    case .bbox: self.bbox != nil
    case .within: self.within != nil
    }
  }

  /// The fields this filter asks for, in the table's order.
  public var givenFields: [QuakesFilterField] {
    QuakesFilterField.allCases.filter(self.isGiven)
  }
}
