extension SortedTree {
  /// Inserts `element`, which the tree must not hold yet; O(log n).
  package mutating func insert(_ element: Element) {
    guard var root = self.root else {
      self.root = Node(elements: [element])
      return
    }
    self.root = nil  // so that `root` is the only reference and changes in place
    if let right = Self.insert(element, into: &root) {
      root = Node(children: [root, right])
    }
    self.root = root
  }

  /// Removes the element equal to `element`; O(log n). Returns whether the
  /// tree held one.
  @discardableResult
  package mutating func remove(_ element: Element) -> Bool {
    guard var root = self.root, self.contains(element) else { return false }
    self.root = nil
    Self.remove(element, from: &root)
    while !root.isLeaf, root.children.count == 1 {
      root = root.children[0]
    }
    self.root = root.count == 0 ? nil : root
    return true
  }

  /// Inserts into the subtree at `node`; returns the node split off when
  /// `node` overflowed, for its parent to take as its next sibling.
  private static func insert(_ element: Element, into node: inout Node) -> Node? {
    self.makeUnique(&node)
    node.count += 1
    if node.isLeaf {
      node.elements.insert(element, at: self.partition(node.elements) { $0 < element })
    } else {
      let child = self.childIndex(in: node, for: element)
      if let right = self.insert(element, into: &node.children[child]) {
        node.children.insert(right, at: child + 1)
        node.firsts.insert(right.first, at: child + 1)
      }
      node.firsts[child] = node.children[child].first
    }
    return node.width > capacity ? node.splitOff() : nil
  }

  /// Removes from the subtree at `node`, which holds `element`; a child
  /// left with fewer than ``minimum`` is merged with a sibling (and split
  /// again evenly if the two make more than ``capacity``).
  private static func remove(_ element: Element, from node: inout Node) {
    self.makeUnique(&node)
    node.count -= 1
    if node.isLeaf {
      node.elements.remove(at: self.partition(node.elements) { $0 < element })
      return
    }
    let child = self.childIndex(in: node, for: element)
    self.remove(element, from: &node.children[child])
    if node.children[child].count == 0 {
      node.children.remove(at: child)
      node.firsts.remove(at: child)
    } else {
      node.firsts[child] = node.children[child].first
      if node.children[child].width < minimum, node.children.count > 1 {
        self.rebalance(node, around: child)
      }
    }
  }

  /// Merges the child at `index` of `node` with a sibling, splitting the
  /// pair evenly again if they hold more than a node may.
  private static func rebalance(_ node: Node, around index: Int) {
    let left = index + 1 < node.children.count ? index : index - 1
    self.makeUnique(&node.children[left])
    let merged = node.children[left]
    merged.absorb(node.children[left + 1])
    node.children.remove(at: left + 1)
    node.firsts.remove(at: left + 1)
    if merged.width > capacity {
      let right = merged.splitOff()
      node.children.insert(right, at: left + 1)
      node.firsts.insert(right.first, at: left + 1)
    }
  }

  /// The child of a branch whose range holds `element`: the last whose
  /// first element is not above it (the first child for an element below
  /// every separator).
  static func childIndex(in node: Node, for element: Element) -> Int {
    Swift.max(self.partition(node.firsts) { $0 <= element } - 1, 0)
  }

  /// The number of leading elements of `sorted` for which `isBelow` holds
  /// (it must hold for a prefix and no further): a binary search.
  static func partition(_ sorted: [Element], by isBelow: (Element) -> Bool) -> Int {
    var low = 0
    var high = sorted.count
    while low < high {
      let middle = (low + high) / 2
      if isBelow(sorted[middle]) {
        low = middle + 1
      } else {
        high = middle
      }
    }
    return low
  }
}
