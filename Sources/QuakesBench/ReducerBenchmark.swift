import Foundation
import HashTreeCollections
import QuakesData
import QuakesModel

/// One reducer step that adds one quake to a state of n quakes, while the old
/// state stays alive (as it does: the store streams it to the listener).
/// With the state's quakes (``IndexedQuakes``: a `TreeDictionary` by id and
/// two B+trees of orders, all persistent) the step copies O(log n) nodes of
/// each; with `Dictionary` it copies the whole table.
enum ReducerBenchmark {
  /// One state size: microseconds per step with each representation.
  struct Row {
    let size: Int
    let tree: Double
    let dictionary: Double
  }

  /// Measures each size; prints a line per size as it goes.
  ///
  /// - Throws: when a step fails or does not leave n + 1 quakes in its
  ///   state: a failed step fails the benchmark, it is not timed.
  @discardableResult
  static func run(sizes: [Int]) throws -> [Row] {
    var rows: [Row] = []
    print("reducer step: add one quake to a state of n quakes (old state kept alive)")
    print("n".padding(toLength: 10, withPad: " ", startingAt: 0) + "IndexedQuakes (µs/step)    Dictionary (µs/step)")
    for size in sizes {
      let quakes = (0..<size).map(self.quake)
      var state = QuakesState()
      state.quakes.status = .success
      var dictionary = [Quake.ID: Quake](minimumCapacity: size)
      for quake in quakes {
        dictionary[quake.id] = quake
      }
      state.quakes.data = IndexedQuakes(quakes)
      let steps = max(20, min(2_000, 20_000_000 / max(size, 1)))
      let batches = (0..<steps).map { [self.quake(size + $0)] }

      let tree = try self.measure("the IndexedQuakes step at \(size)", steps: steps, size: size) { step in
        let action = QuakesAction.data(
          .persistentSession(
            .remoteStore(
              .didFetchQuakes(
                feed: .allHour, date: Date(), result: .success(batch: FeedBatch(quakes: batches[step]))))))
        return try QuakesReducer.reduce(state: state, action: action).quakes.data.count
      }
      let flat = try self.measure("the Dictionary step at \(size)", steps: steps, size: size) { step in
        var next = dictionary
        for quake in batches[step] where (quake.magnitude ?? 0) > 0 {
          next[quake.id] = quake
        }
        return next.count
      }
      print(
        String(size).padding(toLength: 10, withPad: " ", startingAt: 0)
          + String(format: "%-27.2f%.2f", tree, flat))
      rows.append(Row(size: size, tree: tree, dictionary: flat))
    }
    return rows
  }

  /// Microseconds per step of `steps` steps, each of which must leave a
  /// state of `size + 1` quakes.
  private static func measure(_ what: String, steps: Int, size: Int, _ body: (Int) throws -> Int) throws -> Double {
    let seconds = try TimedRun.seconds(what, expecting: steps * (size + 1)) {
      var quakes = 0
      for step in 0..<steps {
        quakes += try body(step)
      }
      return quakes
    }
    return seconds * 1e6 / Double(steps)
  }

  private static func quake(_ index: Int) -> Quake {
    Quake(
      id: "bench\(index)", magnitude: 1 + Double(index % 60) / 10, magnitudeType: "ml",
      time: Date(timeIntervalSince1970: 1_600_000_000 + Double(index)),
      updated: Date(timeIntervalSince1970: 1_600_000_000 + Double(index)),
      place: "\(index % 100) km NE of Somewhere, Alaska", longitude: -150, latitude: 61,
      depth: 10, url: nil, status: .automatic, eventType: "earthquake")
  }
}
