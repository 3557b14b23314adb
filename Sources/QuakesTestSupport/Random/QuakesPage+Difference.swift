package import QuakesModel

extension QuakesPage {
  /// What differs between this page, a store's answer, and `expected`, the
  /// list selector's, or `nil`: the count (`nil` when not counted), whether
  /// more match, the ids in order, any field of a quake, the origin, or a
  /// distance or bearing to the last bit. What the differential tests of
  /// every store report.
  package func difference(from expected: QuakesPage) -> String? {
    if expected.matched != self.matched {
      return "matched \(String(describing: self.matched)), the selector \(String(describing: expected.matched))"
    }
    if expected.hasMore != self.hasMore { return "hasMore \(self.hasMore), the selector \(expected.hasMore)" }
    let (expectedIds, actualIds) = (expected.quakes.map(\.id), self.quakes.map(\.id))
    if expectedIds != actualIds {
      let first = zip(expectedIds, actualIds).prefix { $0 == $1 }.count
      return """
        ids differ from rank \(first) on: \(actualIds.dropFirst(first).prefix(5)), \
        the selector \(expectedIds.dropFirst(first).prefix(5)) (\(actualIds.count) and \(expectedIds.count) quakes)
        """
    }
    if expected.quakes != self.quakes { return "a quake's fields differ" }
    if expected.origin != self.origin { return "origin \(String(describing: self.origin))" }
    guard let origin = expected.origin else { return nil }
    for (left, right) in zip(expected.quakes, self.quakes) {
      let distances = [left, right].map { Earth.distanceKm(origin, $0.epicentre).bitPattern }
      let bearings = [left, right].map { Earth.bearing(from: origin, to: $0.epicentre).bitPattern }
      if distances[0] != distances[1] || bearings[0] != bearings[1] {
        return "the distance or bearing of \(left.id) differs"
      }
    }
    return nil
  }
}
