import QuakesData
import Testing
import USGSStandIn

/// The B+tree behind the state's orders, against the plainest model of it:
/// a sorted array. Thousands of random inserts and removes, with every
/// invariant checked as they go.
@Suite("SortedTree")
struct SortedTreeTests {
  @Test("random inserts and removes keep the elements of a sorted array, and every invariant", arguments: [1, 2, 3])
  func randomEdits(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    var tree = SortedTree<Int>()
    var model: [Int] = []
    for step in 0..<6_000 {
      let value = random.next(below: 3_000)
      let index = model.partitioningIndex(where: { $0 >= value })
      let present = index < model.count && model[index] == value
      // Insert more than remove in the first half, the other way after.
      if !present, random.next(below: 10) < (step < 3_000 ? 7 : 3) {
        tree.insert(value)
        model.insert(value, at: index)
      } else {
        let removed = tree.remove(value)
        #expect(removed == present)
        if present { model.remove(at: index) }
      }
      if step % 97 == 0 {
        try #require(tree.brokenInvariant == nil, "step \(step): \(tree.brokenInvariant ?? "")")
        #expect(Array(tree) == model)
      }
    }
    #expect(tree.brokenInvariant == nil)
    #expect(Array(tree) == model)
    #expect(tree.count == model.count)
    while let value = model.popLast() {
      let removed = tree.remove(value)
      #expect(removed)
    }
    #expect(tree.isEmpty)
    #expect(tree.brokenInvariant == nil)
  }

  @Test("a tree built from sorted elements is sound at every size around a node's capacity and beyond")
  func bulkBuild() {
    for size in [0, 1, 15, 16, 47, 48, 49, 64, 65, 97, 1_000, 3_073, 50_000] {
      let tree = SortedTree(sorted: Array(0..<size))
      #expect(tree.brokenInvariant == nil, "size \(size): \(tree.brokenInvariant ?? "")")
      #expect(tree.count == size)
      #expect(Array(tree) == Array(0..<size))
    }
  }

  @Test("rank, element(at:) and forEach agree with the sorted array for every bound and range")
  func ranksAndWalks() {
    var random = SplitMix64(seed: 7)
    let model = Array(Set((0..<2_000).map { _ in random.next(below: 10_000) })).sorted()
    var tree = SortedTree<Int>()
    for value in model.shuffled(using: &random) { tree.insert(value) }
    for bound in stride(from: -1, through: 10_001, by: 37) {
      let rank = tree.rank { $0 < bound }
      #expect(rank == model.partitioningIndex(where: { $0 >= bound }))
    }
    for rank in stride(from: 0, to: model.count, by: 13) {
      #expect(tree.element(at: rank) == model[rank])
    }
    for _ in 0..<200 {
      let lower = random.next(below: model.count + 20) - 10
      let upper = lower + random.next(below: 300)
      let clamped = (lower..<upper).clamped(to: 0..<model.count)
      var forward: [Int] = []
      tree.forEach(in: lower..<upper) {
        forward.append($0); return true
      }
      #expect(forward == Array(model[clamped]))
      var backward: [Int] = []
      tree.forEach(in: lower..<upper, reversed: true) {
        backward.append($0); return true
      }
      #expect(backward == Array(model[clamped].reversed()))
      var firstFive: [Int] = []
      tree.forEach(in: lower..<upper, reversed: true) {
        firstFive.append($0); return firstFive.count < 5
      }
      #expect(firstFive == Array(model[clamped].reversed().prefix(5)))
    }
  }

  @Test("a copy is a snapshot: changing the tree leaves the copy as it was, and the copy the tree")
  func copiesAreSnapshots() {
    var tree = SortedTree(sorted: Array(stride(from: 0, to: 20_000, by: 2)))
    let snapshot = tree
    for value in stride(from: 1, to: 20_000, by: 10) { tree.insert(value) }
    for value in stride(from: 0, to: 20_000, by: 6) { tree.remove(value) }
    #expect(Array(snapshot) == Array(stride(from: 0, to: 20_000, by: 2)))
    #expect(snapshot.brokenInvariant == nil)
    #expect(tree.brokenInvariant == nil)
    var copy = snapshot
    copy.insert(-1)
    #expect(snapshot.count == 10_000)
    #expect(copy.count == 10_001)
    #expect(tree != snapshot)
    #expect(snapshot == SortedTree(sorted: Array(stride(from: 0, to: 20_000, by: 2))))
  }
}

extension Array {
  /// The index of the first element for which `isAtOrAbove` holds (it holds
  /// for a suffix).
  fileprivate func partitioningIndex(where isAtOrAbove: (Element) -> Bool) -> Int {
    self.firstIndex(where: isAtOrAbove) ?? self.count
  }
}
