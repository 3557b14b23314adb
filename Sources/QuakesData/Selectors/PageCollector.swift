package import QuakesModel

/// One page of a query as the list selector collects it: the quakes after
/// `offset`, at most `limit` of them, in the query's order.
///
/// Quakes come to it either already in that order (a walk of the sort's own
/// order, ``takeMatch(_:)``) or in any order (``keepIfAmongBest(_:)``),
/// which keeps only the best `offset + limit` seen so far, so a page of a
/// large stretch costs memory for the page, not for the stretch.
package struct PageCollector {
  /// Quakes that matched, counted by the walk.
  package var matched = 0
  /// Whether the page runs from the largest value down.
  let reversed: Bool
  private let offset: Int
  private let limit: Int?
  private let sort: QuakesQuery.SortKey
  private let centre: GeoPoint?
  /// How many of the best `keepIfAmongBest` keeps; `nil` for every one
  /// (no limit, or a page so far down that sorting them all costs less).
  private let kept: Int?
  private var skipped = 0
  private var quakes: [Quake] = []
  private var best: [(value: Double, quake: Quake)] = []

  package init(query: QuakesQuery, sort: QuakesQuery.SortKey) {
    self.reversed = query.order == .reverse
    self.offset = Swift.max(query.offset, 0)
    self.limit = query.limit.map { Swift.max($0, 0) }
    self.sort = sort
    self.centre = query.filter.near?.centre
    if let limit = self.limit {
      let (kept, overflow) = self.offset.addingReportingOverflow(limit)
      self.kept = overflow || kept > 10_000 ? nil : kept
    } else {
      self.kept = nil
    }
  }

  /// The ranks of the page within `stretch`, when every quake of the
  /// stretch matches and the stretch is in the sort's order.
  func ranks(of stretch: Range<Int>) -> Range<Int> {
    let start = Swift.min(self.offset, stretch.count)
    let end = self.limit.map { Swift.min(start + Swift.min($0, stretch.count - start), stretch.count) } ?? stretch.count
    return self.reversed
      ? (stretch.upperBound - end)..<(stretch.upperBound - start)
      : (stretch.lowerBound + start)..<(stretch.lowerBound + end)
  }

  /// Takes `quake` into the page as it is (it lies within ``ranks(of:)``).
  mutating func take(_ quake: Quake) -> Bool {
    self.quakes.append(quake)
    return true
  }

  /// Takes the next match of an ordered walk: skipped while within the
  /// offset, kept while the page has room. Returns whether the page wants more.
  mutating func takeMatch(_ quake: Quake) -> Bool {
    if self.skipped < self.offset {
      self.skipped += 1
      return true
    }
    guard self.limit.map({ self.quakes.count < $0 }) ?? true else { return false }
    self.quakes.append(quake)
    return self.limit.map { self.quakes.count < $0 } ?? true
  }

  /// About how many quakes an ordered walk of a stretch of `size` tests
  /// before its page is full, when `matching` of them match (spread
  /// evenly: the estimate a database makes without statistics).
  func expectedWalk(over size: Int, matching: Int) -> Int {
    guard matching > 0, let limit = self.limit else { return size }
    let wanted = Double(self.offset) + Double(limit)
    return Int(Swift.min(Double(size), wanted * Double(size) / Double(matching)))
  }

  /// Keeps `quake`, which came in no particular order, if it is among the
  /// best `offset + limit` so far.
  package mutating func keepIfAmongBest(_ quake: Quake) {
    let candidate = (value: self.value(of: quake), quake: quake)
    guard let kept = self.kept else {
      self.best.append(candidate)
      return
    }
    if self.best.count == kept {
      guard let last = self.best.last, self.precedes(candidate, last) else { return }
    }
    var low = 0
    var high = self.best.count
    while low < high {
      let middle = (low + high) / 2
      if self.precedes(self.best[middle], candidate) {
        low = middle + 1
      } else {
        high = middle
      }
    }
    self.best.insert(candidate, at: low)
    if self.best.count > kept { self.best.removeLast() }
  }

  /// The page, with the count of matches.
  package func result(matched: Int, origin: GeoPoint?) -> QuakesPage {
    guard !self.best.isEmpty else {
      return QuakesPage(matched: matched, quakes: self.quakes, origin: origin, offset: self.offset)
    }
    let sorted = self.kept == nil ? self.best.sorted(by: self.precedes) : self.best
    let start = Swift.min(self.offset, sorted.count)
    let end = self.limit.map { start + Swift.min($0, sorted.count - start) } ?? sorted.count
    return QuakesPage(matched: matched, quakes: sorted[start..<end].map(\.quake), origin: origin, offset: self.offset)
  }

  /// The value the query sorts by (an unknown one lowest).
  private func value(of quake: Quake) -> Double {
    switch self.sort {
    case .time: quake.time.timeIntervalSinceReferenceDate
    case .magnitude: quake.magnitude ?? -.infinity
    case .significance: quake.impact.significance.map(Double.init) ?? -.infinity
    case .depth: quake.depth ?? -.infinity
    case .distance: self.centre.map { Earth.distanceKm($0, quake.epicentre) } ?? -.infinity
    }
  }

  /// Whether `lhs` comes before `rhs` in the query's order: by value, then
  /// by id, both in the query's direction.
  private func precedes(_ lhs: (value: Double, quake: Quake), _ rhs: (value: Double, quake: Quake)) -> Bool {
    if lhs.value != rhs.value { return self.reversed ? lhs.value > rhs.value : lhs.value < rhs.value }
    return self.reversed ? lhs.quake.id > rhs.quake.id : lhs.quake.id < rhs.quake.id
  }
}
