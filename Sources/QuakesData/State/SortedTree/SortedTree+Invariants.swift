extension SortedTree {
  /// The first broken invariant of the tree, described; `nil` when it is
  /// sound: every leaf at the same depth, every node but the root within
  /// ``minimum`` and ``capacity``, every count and separator right, the
  /// elements strictly increasing. For tests; O(n).
  package var brokenInvariant: String? {
    guard let root = self.root else { return nil }
    if root.count == 0 { return "the root of a tree that is not empty holds nothing" }
    var leafDepth: Int?
    var previous: Element?
    return Self.brokenInvariant(below: root, isRoot: true, depth: 0, leafDepth: &leafDepth, previous: &previous)
  }

  private static func brokenInvariant(
    below node: Node,
    isRoot: Bool,
    depth: Int,
    leafDepth: inout Int?,
    previous: inout Element?
  ) -> String? {
    if node.width > capacity { return "a node at depth \(depth) holds \(node.width), more than \(capacity)" }
    if !isRoot, node.width < minimum { return "a node at depth \(depth) holds \(node.width), fewer than \(minimum)" }
    if node.isLeaf {
      if let leafDepth, leafDepth != depth { return "leaves at depths \(leafDepth) and \(depth)" }
      leafDepth = depth
      if node.count != node.elements.count { return "a leaf counts \(node.count) of its \(node.elements.count)" }
      for element in node.elements {
        if let previous, !(previous < element) { return "elements out of order at depth \(depth)" }
        previous = element
      }
      return nil
    }
    if node.firsts.count != node.children.count {
      return "a branch with \(node.children.count) children has \(node.firsts.count) separators"
    }
    var count = 0
    for (child, first) in zip(node.children, node.firsts) {
      if child.first != first { return "a separator at depth \(depth) is not its child's first element" }
      if let broken = self.brokenInvariant(
        below: child, isRoot: false, depth: depth + 1, leafDepth: &leafDepth, previous: &previous)
      {
        return broken
      }
      count += child.count
    }
    return count == node.count ? nil : "a branch at depth \(depth) counts \(node.count) of its \(count)"
  }
}
