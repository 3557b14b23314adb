/// A sorted collection that a copy shares: a B+tree whose nodes are copied
/// on write, each knowing how many elements it holds.
///
/// The state keeps its quakes in orders (by time, by magnitude) beside the
/// dictionary by id, so that a selector walks the newest 20 or the largest
/// 10 instead of sorting the cache. Like the `TreeDictionary` it sits
/// beside, it is persistent: a reducer step that inserts or removes one
/// element copies the O(log n) nodes on its path, and every snapshot shares
/// the rest. Each node counts the elements below it, so the rank of a bound
/// (how many elements come before it), the element at a rank, and so the
/// size of any range, take O(log n) too.
///
/// Elements are unique: a tree holds no two that compare equal. Nodes hold
/// at most ``capacity`` elements or children; only the root may hold fewer
/// than a quarter of that.
package struct SortedTree<Element: Comparable & Sendable>: Sendable {
  var root: Node?

  /// An empty tree.
  package init() {
    self.root = nil
  }

  /// The tree of `elements`, which must be sorted in strictly increasing
  /// order, built bottom-up in O(n).
  package init(sorted elements: [Element]) {
    self.root = Self.build(sorted: elements)
  }

  /// The tree of `elements`, in any order, which must be distinct.
  package init(_ elements: some Sequence<Element>) {
    self.init(sorted: elements.sorted())
  }

  /// How many elements the tree holds, in O(1).
  package var count: Int { self.root?.count ?? 0 }

  /// Whether the tree holds no element.
  package var isEmpty: Bool { self.root == nil }

  /// The most elements or children a node holds.
  static var capacity: Int { 64 }

  /// The fewest a node other than the root holds.
  static var minimum: Int { capacity / 4 }
}

extension SortedTree: Equatable where Element: Equatable {
  /// Whether both trees hold the same elements in the same order; O(1) for
  /// a tree and its unchanged copy.
  package static func == (lhs: Self, rhs: Self) -> Bool {
    if lhs.root === rhs.root { return true }
    guard lhs.count == rhs.count else { return false }
    return lhs.elementsEqual(rhs)
  }
}
