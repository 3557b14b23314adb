public import QuakesModel

extension QuakesState {
  /// The list selector: the quakes `query` matches, sorted, one page of them,
  /// and how many matched in all.
  ///
  /// The seed filtered and sorted the whole cache for every query. This one
  /// walks the state's orders (``IndexedQuakes``) as a database walks an
  /// index (``QueryPlan`` finds the stretch of each order that the filter's
  /// bounds allow):
  /// - a filter of bounds alone, sorted by its own order, is a range of
  ///   ranks: the page is read off it and the count is its size, in
  ///   O(log n + limit);
  /// - sorted by time or magnitude with the count known, the sort's order
  ///   is walked from its end and the walk stops once the page is full,
  ///   unless testing the other order's smaller stretch costs less;
  /// - otherwise the smaller stretch is tested quake by quake, which counts
  ///   the matches, keeping only the best `offset + limit` of them.
  ///
  /// The answer is the seed's: the same quakes, in the same order (ties by
  /// id), and the same count.
  public func selectQuakesPage(_ query: QuakesQuery) -> QuakesPage {
    let data = self.quakes.data
    let plan = QueryPlan(query.filter, over: data)
    let matcher = QuakesQuery.Filter.Matcher(query.filter)
    let sort = query.sort == .distance && query.filter.near == nil ? .time : query.sort
    var page = PageCollector(query: query, sort: sort)
    let exactCount = plan.exactCount
    let smallest = plan.smallestStretch(count: data.count)

    if let order = sort.order, plan.matchesWholeStretch(of: order), let exactCount {
      let stretch = plan.stretch(of: order, count: data.count)
      self.walk(stretch, ranks: page.ranks(of: stretch.ranks), reversed: page.reversed) { page.take($0) }
      return page.result(matched: exactCount, origin: query.filter.near?.centre)
    }
    if let order = sort.order {
      let stretch = plan.stretch(of: order, count: data.count)
      if stretch.order == smallest.order
        || (exactCount.map { page.expectedWalk(over: stretch.ranks.count, matching: $0) < smallest.ranks.count }
          ?? false)
      {
        // Walked in the query's direction, the page comes in order; with the
        // count known, the walk ends once the page is full.
        self.walk(stretch, ranks: stretch.ranks, reversed: page.reversed) { quake in
          guard matcher.matches(quake) else { return true }
          page.matched += 1
          return page.takeMatch(quake) || exactCount == nil
        }
        return page.result(matched: exactCount ?? page.matched, origin: query.filter.near?.centre)
      }
    }
    self.walk(smallest, ranks: smallest.ranks, reversed: false) { quake in
      if matcher.matches(quake) {
        page.matched += 1
        page.keepIfAmongBest(quake)
      }
      return true
    }
    return page.result(matched: exactCount ?? page.matched, origin: query.filter.near?.centre)
  }

  /// The list selector for `Store.select(_:)`.
  public static func selectQuakesPage(_ query: QuakesQuery) -> @Sendable (Self) -> QuakesPage {
    { state in state.selectQuakesPage(query) }
  }

  /// How many quakes `filter` matches: read off the orders when the filter
  /// asks for nothing but bounds of one of them (O(log n)), counted over
  /// the smaller stretch of the two otherwise.
  public func selectQuakesCount(matching filter: QuakesQuery.Filter) -> Int {
    let plan = QueryPlan(filter, over: self.quakes.data)
    if let count = plan.exactCount { return count }
    let matcher = QuakesQuery.Filter.Matcher(filter)
    let stretch = plan.smallestStretch(count: self.quakes.data.count)
    var count = 0
    self.walk(stretch, ranks: stretch.ranks, reversed: false) { quake in
      if matcher.matches(quake) { count += 1 }
      return true
    }
    return count
  }

  /// Calls `body` with the quakes at `ranks` of `stretch`'s order, until it
  /// returns `false`.
  private func walk(
    _ stretch: QueryPlan.Stretch,
    ranks: Range<Int>,
    reversed: Bool,
    _ body: (Quake) -> Bool
  ) {
    switch stretch.order {
    case .time: Self.walk(self.quakes.data.byTime, ranks: ranks, reversed: reversed, body)
    case .magnitude: Self.walk(self.quakes.data.byMagnitude, ranks: ranks, reversed: reversed, body)
    }
  }

  /// The walk of one order, a leaf's run at a time, so that the loop over
  /// quakes is compiled for the order's element type (not the tree's
  /// generic code).
  private static func walk<Element: QuakeOrderElement>(
    _ order: SortedTree<Element>,
    ranks: Range<Int>,
    reversed: Bool,
    _ body: (Quake) -> Bool
  ) {
    order.forEachRun(in: ranks, reversed: reversed) { run in
      if reversed {
        for element in run.reversed() where !body(element.quake) { return false }
      } else {
        for element in run where !body(element.quake) { return false }
      }
      return true
    }
  }
}

extension QuakesQuery.SortKey {
  /// The order of the state that is this sort's, if it keeps one.
  var order: QueryPlan.Order? {
    switch self {
    case .time: .time
    case .magnitude: .magnitude
    case .significance, .depth, .distance: nil
    }
  }
}
