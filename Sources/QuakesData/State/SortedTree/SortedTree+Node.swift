extension SortedTree {
  /// A node: a leaf holds elements, a branch holds children and the first
  /// element of each (the separators a search compares with).
  ///
  /// A node is changed only while uniquely referenced (the tree copies it
  /// first otherwise), so a node that two trees share, possibly on two
  /// threads, is never written: that is why it may be `Sendable`.
  final class Node: @unchecked Sendable {
    /// A leaf's elements, in order; empty in a branch.
    var elements: [Element]
    /// A branch's children, in order; empty in a leaf.
    var children: [Node]
    /// The first element of each child of a branch.
    var firsts: [Element]
    /// How many elements this node and its descendants hold.
    var count: Int

    init(elements: [Element]) {
      self.elements = elements
      self.children = []
      self.firsts = []
      self.count = elements.count
    }

    init(children: [Node]) {
      self.elements = []
      self.children = children
      self.firsts = children.map(\.first)
      self.count = children.reduce(0) { $0 + $1.count }
    }

    private init(copying node: Node) {
      self.elements = node.elements
      self.children = node.children
      self.firsts = node.firsts
      self.count = node.count
    }

    var isLeaf: Bool { self.children.isEmpty }

    /// How many elements (leaf) or children (branch) the node holds.
    var width: Int { self.isLeaf ? self.elements.count : self.children.count }

    /// The smallest element below the node (a node is never empty).
    var first: Element { self.isLeaf ? self.elements[0] : self.firsts[0] }

    func copy() -> Node { Node(copying: self) }

    /// Splits off the upper half of an overfull node, returned as a new node.
    func splitOff() -> Node {
      let half = self.width / 2
      let right: Node
      if self.isLeaf {
        right = Node(elements: Array(self.elements[half...]))
        self.elements.removeSubrange(half...)
      } else {
        right = Node(children: Array(self.children[half...]))
        self.children.removeSubrange(half...)
        self.firsts.removeSubrange(half...)
      }
      self.count -= right.count
      return right
    }

    /// Moves every element or child of `right`, its next sibling, into this node.
    func absorb(_ right: Node) {
      if self.isLeaf {
        self.elements += right.elements
      } else {
        self.children += right.children
        self.firsts += right.firsts
      }
      self.count += right.count
    }
  }

  /// Makes `node` safe to change: copies it unless this tree alone holds it.
  static func makeUnique(_ node: inout Node) {
    if !isKnownUniquelyReferenced(&node) {
      node = node.copy()
    }
  }

  /// The nodes of a tree of `elements` (sorted), each about three quarters
  /// full, so that the first inserts do not split at once.
  static func build(sorted elements: [Element]) -> Node? {
    guard !elements.isEmpty else { return nil }
    var level = self.evenChunks(of: elements.count).map { Node(elements: Array(elements[$0])) }
    while level.count > 1 {
      let nodes = level
      level = self.evenChunks(of: nodes.count).map { Node(children: Array(nodes[$0])) }
    }
    return level[0]
  }

  /// `0..<count` cut into consecutive ranges of about three quarters of
  /// ``capacity`` each, their sizes differing by one at most (so none falls
  /// below ``minimum``).
  private static func evenChunks(of count: Int) -> [Range<Int>] {
    let chunks = Swift.max(1, (count + capacity * 3 / 4 - 1) / (capacity * 3 / 4))
    let size = count / chunks
    let larger = count % chunks
    var start = 0
    return (0..<chunks).map { chunk in
      let end = start + size + (chunk < larger ? 1 : 0)
      defer { start = end }
      return start..<end
    }
  }
}
