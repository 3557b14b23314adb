extension SortedTree {
  /// Whether the tree holds an element equal to `element`; O(log n).
  package func contains(_ element: Element) -> Bool {
    guard var node = self.root else { return false }
    while !node.isLeaf {
      node = node.children[Self.childIndex(in: node, for: element)]
    }
    let index = Self.partition(node.elements) { $0 < element }
    return index < node.elements.count && node.elements[index] == element
  }

  /// How many elements lie below a bound: `isBelow` holds for a prefix of
  /// the elements in order and for none after it; O(log n).
  ///
  /// A range of the order is the ranks of its two bounds: the quakes since
  /// a date are those from `rank { $0.time < since }` to the end.
  package func rank(where isBelow: (Element) -> Bool) -> Int {
    guard var node = self.root else { return 0 }
    var rank = 0
    while !node.isLeaf {
      // The last child whose first element is below: the bound lies in it.
      let child = Swift.max(Self.partition(node.firsts, by: isBelow) - 1, 0)
      for sibling in node.children[..<child] {
        rank += sibling.count
      }
      node = node.children[child]
    }
    return rank + Self.partition(node.elements, by: isBelow)
  }

  /// The element at `rank` in order (0 is the smallest); O(log n).
  package func element(at rank: Int) -> Element {
    precondition(rank >= 0 && rank < self.count, "rank \(rank) outside 0..<\(self.count)")
    guard var node = self.root else { preconditionFailure("an empty tree has no element") }
    var rank = rank
    while !node.isLeaf {
      for child in node.children {
        if rank < child.count {
          node = child
          break
        }
        rank -= child.count
      }
    }
    return node.elements[rank]
  }

  /// Calls `body` with the elements whose ranks lie in `ranks`, in
  /// increasing order, or decreasing when `reversed`, until it returns
  /// `false`; O(log n) to reach the first, O(1) amortised for each next.
  package func forEach(
    in ranks: Range<Int>,
    reversed: Bool = false,
    _ body: (Element) throws -> Bool
  ) rethrows {
    try self.forEachRun(in: ranks, reversed: reversed) { run in
      if reversed {
        for element in run.reversed() where try !body(element) { return false }
      } else {
        for element in run where try !body(element) { return false }
      }
      return true
    }
  }

  /// Calls `body` with the elements whose ranks lie in `ranks`, a leaf's
  /// run of them at a time (in increasing order within a run, the runs in
  /// decreasing order when `reversed`), until it returns `false`.
  ///
  /// This is the walk for hot loops: the tree's generic code runs once per
  /// leaf, and the caller's loop over a run is compiled for its own element
  /// type.
  package func forEachRun(
    in ranks: Range<Int>,
    reversed: Bool = false,
    _ body: (ArraySlice<Element>) throws -> Bool
  ) rethrows {
    guard let root = self.root else { return }
    let ranks = ranks.clamped(to: 0..<root.count)
    guard !ranks.isEmpty else { return }
    _ = try Self.walk(root, ranks, reversed, body)
  }

  /// The walk of ``forEachRun(in:reversed:_:)`` below `node`, `ranks`
  /// counted from the node's first element; `false` once `body` asked to stop.
  private static func walk(
    _ node: Node,
    _ ranks: Range<Int>,
    _ reversed: Bool,
    _ body: (ArraySlice<Element>) throws -> Bool
  ) rethrows -> Bool {
    if node.isLeaf {
      return try body(node.elements[ranks])
    }
    let children = node.children
    var start = 0
    var starts: [Int] = []
    starts.reserveCapacity(children.count)
    for child in children {
      starts.append(start)
      start += child.count
    }
    for step in children.indices {
      let index = reversed ? children.count - 1 - step : step
      let child = children[index]
      let within = (ranks.lowerBound - starts[index])..<(ranks.upperBound - starts[index])
      let clamped = within.clamped(to: 0..<child.count)
      if !clamped.isEmpty, try !self.walk(child, clamped, reversed, body) { return false }
    }
    return true
  }
}

extension SortedTree: Sequence {
  /// The elements in increasing order.
  package struct Iterator: IteratorProtocol {
    /// The nodes from the root down to the current leaf, each with the index
    /// of the child (or element) to visit next.
    private var path: [(node: Node, next: Int)]

    init(root: Node?) {
      self.path = []
      if let root { self.descend(from: root) }
    }

    private mutating func descend(from node: Node) {
      var node = node
      while !node.isLeaf {
        self.path.append((node, 1))
        node = node.children[0]
      }
      self.path.append((node, 0))
    }

    package mutating func next() -> Element? {
      while let (node, next) = self.path.last {
        if node.isLeaf, next < node.elements.count {
          self.path[self.path.count - 1].next += 1
          return node.elements[next]
        }
        self.path.removeLast()
        if let parent = self.path.last, parent.next < parent.node.children.count {
          self.path[self.path.count - 1].next += 1
          self.descend(from: parent.node.children[parent.next])
        }
      }
      return nil
    }
  }

  package func makeIterator() -> Iterator { Iterator(root: self.root) }

  package var underestimatedCount: Int { self.count }
}
