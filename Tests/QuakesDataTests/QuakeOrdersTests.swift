import Foundation
import QuakesData
import QuakesModel
import Testing
import USGSStandIn

/// The state's orders (``IndexedQuakes``) and the list and count selectors
/// that walk them, against the seed's way: filter every quake, sort them
/// all, cut the page. Random states reached through the reducer's own
/// actions, random queries over every filter, sort, order, offset and limit.
@Suite("The state's orders and the selectors that walk them")
struct QuakeOrdersTests {
  private static let start = Date(timeIntervalSince1970: 1_700_000_000)
  private static let places = [
    "10 km N of Anchorage, Alaska", "Pāhala, Hawaii", "San José, Costa Rica", nil, "ALASKA Peninsula",
  ]

  @Test("after any sequence of actions, each order holds exactly the state's quakes, sorted", arguments: [11, 12, 13])
  func ordersFollowEveryAction(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    var state = QuakesState.loaded()
    var nextId = 0
    for step in 0..<400 {
      let action = Self.randomAction(state: state, random: &random, nextId: &nextId)
      state = try QuakesReducer.reduce(state: state, action: action)
      try Self.expectOrdersAgree(with: state, step: step)
    }
  }

  @Test("a list or count answers as filtering and sorting the whole cache would", arguments: [21, 22, 23, 24])
  func selectorsAgreeWithAFullSort(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    var state = QuakesState.loaded()
    var nextId = 0
    for _ in 0..<60 {
      state = try QuakesReducer.reduce(
        state: state, action: Self.randomAction(state: state, random: &random, nextId: &nextId))
    }
    // A state of a few thousand, so walks cross many leaves and branches.
    state = try QuakesReducer.reduce(
      state: state,
      action: .remote(.success(batch: FeedBatch(quakes: (0..<3_000).map { _ in Self.randomQuake(&random, &nextId) }))))
    for index in 0..<600 {
      let query = Self.randomQuery(&random)
      let page = state.selectQuakesPage(query)
      let expected = Self.fullSort(state, query)
      #expect(page.matched == expected.matched, "query \(index): \(query)")
      #expect(page.quakes.map(\.id) == expected.quakes.map(\.id), "query \(index): \(query)")
      let count = state.selectQuakesCount(matching: query.filter)
      #expect(count == expected.matched, "query \(index): \(query.filter)")
    }
  }

  @Test("a reader's snapshot keeps its orders while the store's state changes")
  func snapshotsKeepTheirOrders() throws {
    var random = SplitMix64(seed: 5)
    var nextId = 0
    var state = try QuakesReducer.reduce(
      state: .loaded(),
      action: .remote(.success(batch: FeedBatch(quakes: (0..<2_000).map { _ in Self.randomQuake(&random, &nextId) }))))
    let snapshot = state
    let newest = snapshot.selectQuakesPage(QuakesQuery(limit: 10)).quakes.map(\.id)
    for _ in 0..<50 {
      state = try QuakesReducer.reduce(
        state: state, action: Self.randomAction(state: state, random: &random, nextId: &nextId))
    }
    #expect(snapshot.selectQuakesPage(QuakesQuery(limit: 10)).quakes.map(\.id) == newest)
    try Self.expectOrdersAgree(with: snapshot, step: -1)
    try Self.expectOrdersAgree(with: state, step: 50)
  }

  // MARK: - The reference

  private static func expectOrdersAgree(with state: QuakesState, step: Int) throws {
    let data = state.quakes.data
    try #require(data.byTime.brokenInvariant == nil, "step \(step): \(data.byTime.brokenInvariant ?? "")")
    try #require(data.byMagnitude.brokenInvariant == nil, "step \(step): \(data.byMagnitude.brokenInvariant ?? "")")
    let quakes = Array(data.values)
    let byTime = quakes.sorted { ($0.time, $0.id) < ($1.time, $1.id) }.map(\.id)
    let byMagnitude = quakes.sorted { ($0.magnitude ?? -.infinity, $0.id) < ($1.magnitude ?? -.infinity, $1.id) }
      .map(\.id)
    #expect(data.byTime.map(\.quake.id) == byTime, "step \(step)")
    #expect(data.byMagnitude.map(\.quake.id) == byMagnitude, "step \(step)")
    #expect(data.byTime.count == data.count && data.byMagnitude.count == data.count, "step \(step)")
  }

  /// The seed's list selector: every quake filtered, all of them sorted.
  private static func fullSort(_ state: QuakesState, _ query: QuakesQuery) -> QuakesPage {
    let matcher = QuakesQuery.Filter.Matcher(query.filter)
    let centre = query.filter.near?.centre
    func value(_ quake: Quake) -> Double {
      switch query.sort {
      case .time: quake.time.timeIntervalSinceReferenceDate
      case .magnitude: quake.magnitude ?? -.infinity
      case .significance: quake.impact.significance.map(Double.init) ?? -.infinity
      case .depth: quake.depth ?? -.infinity
      case .distance:
        centre.map { Earth.distanceKm($0, quake.epicentre) } ?? quake.time.timeIntervalSinceReferenceDate
      }
    }
    let ascending = state.quakes.data.values.filter(matcher.matches).sorted { (value($0), $0.id) < (value($1), $1.id) }
    let ordered = query.order == .forward ? ascending : ascending.reversed()
    let page = ordered.dropFirst(max(query.offset, 0)).prefix(query.limit.map { max($0, 0) } ?? Int.max)
    return QuakesPage(matched: ordered.count, quakes: Array(page), offset: query.offset)
  }

  // MARK: - Random inputs

  private static func randomQuake(_ random: inout SplitMix64, _ nextId: inout Int, id: String? = nil) -> Quake {
    let id =
      id
      ?? {
        nextId += 1; return "q\(nextId)"
      }()
    // Few distinct times and magnitudes, so that ties (broken by id) are common.
    let magnitudes: [Double?] = [nil, -0.5, 0, 1.2, 2.5, 2.5, 3.1, 4.0, 4.5, 5.5, 7.2]
    return Quake(
      id: id,
      magnitude: magnitudes[random.next(below: magnitudes.count)],
      magnitudeType: ["ml", "Mww", "md", nil][random.next(below: 4)],
      time: Self.start.addingTimeInterval(Double(random.next(below: 500)) * 600),
      updated: Self.start,
      place: Self.places[random.next(below: Self.places.count)],
      longitude: Double(random.next(below: 360)) - 180,
      latitude: Double(random.next(below: 180)) - 90,
      depth: random.next(below: 5) == 0 ? nil : Double(random.next(below: 700)),
      status: [.reviewed, .automatic, nil][random.next(below: 3)],
      eventType: ["earthquake", "Quarry Blast", nil][random.next(below: 3)],
      impact: QuakeImpact(
        felt: random.next(below: 3) == 0 ? random.next(below: 100) : nil,
        cdi: nil, mmi: nil,
        alert: [nil, .green, .yellow, .red][random.next(below: 4)],
        tsunami: [nil, true, false][random.next(below: 3)],
        significance: random.next(below: 4) == 0 ? nil : random.next(below: 1_000)),
      catalog: QuakeCatalogEntry(network: ["us", "AK", "hv", nil][random.next(below: 4)]))
  }

  private static func randomAction(state: QuakesState, random: inout SplitMix64, nextId: inout Int) -> QuakesAction {
    let cached = Array(state.quakes.data.keys)
    switch random.next(below: 10) {
    case 0 where !cached.isEmpty:
      return .client(.delete(quake: state.quakes.data[cached[random.next(below: cached.count)]] ?? .fixture("none")))
    case 1 where random.next(below: 8) == 0:
      return .client(.purge)
    case 2:
      let quakes = (0..<random.next(below: 200)).map { _ in Self.randomQuake(&random, &nextId) }
      return .local(
        .didReloadQuakes(result: .success(cache: PersistedCache(quakes: quakes + Array(state.quakes.data.values)))))
    default:
      // A feed's batch: new quakes, updates of cached ones (time and
      // magnitude may move), id changes, and deletions upstream.
      var quakes = (0..<random.next(below: 60)).map { _ in Self.randomQuake(&random, &nextId) }
      var otherIds: [Quake.ID: [Quake.ID]] = [:]
      for _ in 0..<min(random.next(below: 30), cached.count) {
        let id = cached[random.next(below: cached.count)]
        if random.next(below: 4) == 0 {
          let renamed = Self.randomQuake(&random, &nextId)
          otherIds[renamed.id] = [renamed.id, id]
          quakes.append(renamed)
        } else if !quakes.contains(where: { $0.id == id }) {
          quakes.append(Self.randomQuake(&random, &nextId, id: id))
        }
      }
      let generated = Self.start.addingTimeInterval(Double(random.next(below: 500)) * 600)
      let feed: QuakesFeed = random.next(below: 2) == 0 ? .allDay : QuakesFeed(.significant, .week)
      return .remote(
        .success(batch: FeedBatch(quakes: quakes, generated: generated, otherIds: otherIds)), feed: feed,
        date: generated)
    }
  }

  private static func randomQuery(_ random: inout SplitMix64) -> QuakesQuery {
    var filter = QuakesQuery.Filter()
    let instants = (0..<520).map { Self.start.addingTimeInterval(Double($0) * 600 - 6_000) }
    if random.next(below: 3) == 0 { filter.since = instants[random.next(below: instants.count)] }
    if random.next(below: 3) == 0 { filter.until = instants[random.next(below: instants.count)] }
    if random.next(below: 8) == 0 {
      filter.day = QuakesQuery.Day("2023-11-1\(random.next(below: 10))")
    }
    let magnitudes = [-1.0, 0, 1.2, 2.5, 3, 4.5, 7.2, 9]
    if random.next(below: 3) == 0 { filter.minMagnitude = magnitudes[random.next(below: magnitudes.count)] }
    if random.next(below: 3) == 0 { filter.maxMagnitude = magnitudes[random.next(below: magnitudes.count)] }
    if random.next(below: 4) == 0 {
      filter.search = ["alaska", "san jose", "PAHALA", "zzz", "a"][random.next(below: 5)]
    }
    if random.next(below: 6) == 0 { filter.network = ["us", "ak"][random.next(below: 2)] }
    if random.next(below: 6) == 0 { filter.eventType = "quarry blast" }
    if random.next(below: 6) == 0 { filter.magnitudeType = "mww" }
    if random.next(below: 6) == 0 { filter.minSignificance = random.next(below: 1_000) }
    if random.next(below: 6) == 0 { filter.minAlert = .yellow }
    if random.next(below: 8) == 0 { filter.minDepth = Double(random.next(below: 700)) }
    if random.next(below: 8) == 0 {
      filter.near = GeoCircle(
        centre: GeoPoint(latitude: 40, longitude: -120), radiusKm: random.next(below: 2) == 0 ? nil : 5_000)
    }
    if random.next(below: 8) == 0 {
      filter.bbox = GeoBox(minLatitude: -10, maxLatitude: 60, minLongitude: -170, maxLongitude: 20)
    }
    let sorts = QuakesQuery.SortKey.allCases
    return QuakesQuery(
      filter: filter,
      sort: sorts[random.next(below: sorts.count)],
      order: random.next(below: 2) == 0 ? .forward : .reverse,
      limit: [nil, 0, 1, 10, 20, 100, 5_000][random.next(below: 7)],
      offset: [0, 0, 0, 3, 50, 2_990, 10_000][random.next(below: 7)])
  }
}
