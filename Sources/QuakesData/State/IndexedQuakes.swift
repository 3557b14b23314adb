public import HashTreeCollections
public import QuakesModel

/// The cached quakes: by id, and in the orders the list selector walks.
///
/// It reads like the `TreeDictionary` by id the seed keeps (subscript by id,
/// `count`, iteration of id and quake), and every change through the
/// subscript also moves the quake in each order (``QuakeByTime``,
/// ``QuakeByMagnitude``, held in ``SortedTree``s), so the orders always
/// hold exactly the quakes of the dictionary. All three are persistent: a
/// change copies O(log n) nodes of each and a snapshot shares the rest.
public struct IndexedQuakes: Sendable {
  /// Every cached quake, by id.
  public private(set) var byId: TreeDictionary<Quake.ID, Quake>
  /// Every cached quake, oldest first.
  package private(set) var byTime: SortedTree<QuakeByTime>
  /// Every cached quake, smallest magnitude first (unknown lowest).
  package private(set) var byMagnitude: SortedTree<QuakeByMagnitude>

  /// No quakes.
  public init() {
    self.byId = [:]
    self.byTime = SortedTree()
    self.byMagnitude = SortedTree()
  }

  /// `quakes`, the last of each id kept; the orders are built at once,
  /// in O(n log n), not quake by quake.
  public init(_ quakes: some Sequence<Quake>) {
    var byId = TreeDictionary<Quake.ID, Quake>()
    for quake in quakes {
      byId[quake.id] = quake
    }
    self.byId = byId
    self.byTime = Self.order(byId.values, by: \.time.timeIntervalSinceReferenceDate, QuakeByTime.init)
    self.byMagnitude = Self.order(byId.values, by: { $0.magnitude ?? -.infinity }, QuakeByMagnitude.init)
  }

  /// The order of `quakes` by `value`, then id, sorted on values copied out
  /// first: comparing through each quake's box would miss the cache twice
  /// per comparison (a million quakes' load took seconds longer).
  private static func order<Element: QuakeOrderElement>(
    _ quakes: some Collection<Quake>,
    by value: (Quake) -> Double,
    _ element: (Quake) -> Element
  ) -> SortedTree<Element> {
    let keyed = quakes.map { (value: value($0), id: $0.id, quake: $0) }.sorted {
      $0.value != $1.value ? $0.value < $1.value : $0.id < $1.id
    }
    return SortedTree(sorted: keyed.map { element($0.quake) })
  }

  /// The quake with `id`; setting one inserts, replaces (`id` must be the
  /// new quake's) or, with `nil`, removes it, in every order too.
  public subscript(id: Quake.ID) -> Quake? {
    get { self.byId[id] }
    set {
      if let newValue {
        precondition(newValue.id == id, "quake \(newValue.id) stored under id \(id)")
      }
      let old = newValue.map { self.byId.updateValue($0, forKey: id) } ?? self.byId.removeValue(forKey: id)
      if let old {
        self.byTime.remove(QuakeByTime(old))
        self.byMagnitude.remove(QuakeByMagnitude(old))
      }
      if let newValue {
        self.byTime.insert(QuakeByTime(newValue))
        self.byMagnitude.insert(QuakeByMagnitude(newValue))
      }
    }
  }

  /// How many quakes are cached.
  public var count: Int { self.byId.count }

  /// Whether no quake is cached.
  public var isEmpty: Bool { self.byId.isEmpty }

  /// Every cached quake, in the dictionary's order (no order of the list's).
  public var values: TreeDictionary<Quake.ID, Quake>.Values { self.byId.values }

  /// Every cached id, in the dictionary's order.
  public var keys: TreeDictionary<Quake.ID, Quake>.Keys { self.byId.keys }
}

extension IndexedQuakes: Sequence {
  /// Each id and its quake, in the dictionary's order.
  public func makeIterator() -> TreeDictionary<Quake.ID, Quake>.Iterator {
    self.byId.makeIterator()
  }

  public var underestimatedCount: Int { self.byId.count }
}

extension IndexedQuakes: Hashable {
  /// Whether both hold the same quakes under the same ids (the orders
  /// follow from them); O(1) for a collection and its unchanged copy.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.byId == rhs.byId
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(self.byId)
  }
}

extension IndexedQuakes: ExpressibleByDictionaryLiteral {
  /// The quakes listed, each under its own id (the key must be it).
  public init(dictionaryLiteral elements: (Quake.ID, Quake)...) {
    for (id, quake) in elements {
      precondition(quake.id == id, "quake \(quake.id) stored under id \(id)")
    }
    self.init(elements.map(\.1))
  }
}
