import Foundation
import HashTreeCollections
import QuakesData

/// One reducer step that adds one quake to a state of n quakes, while the old
/// state stays alive (as it does: the store streams it to the listener).
/// With `TreeDictionary` the step copies O(log n) nodes; with `Dictionary`
/// it copies the whole table.
enum ReducerBenchmark {
  /// One state size: microseconds per step with each representation.
  struct Row {
    let size: Int
    let tree: Double
    let dictionary: Double
  }

  /// Measures each size; prints a line per size as it goes.
  @discardableResult
  static func run(sizes: [Int]) -> [Row] {
    var rows: [Row] = []
    print("reducer step: add one quake to a state of n quakes (old state kept alive)")
    print("n".padding(toLength: 10, withPad: " ", startingAt: 0) + "TreeDictionary (µs/step)   Dictionary (µs/step)")
    for size in sizes {
      let quakes = (0..<size).map(self.quake)
      var state = QuakesState()
      state.quakes.status = .success
      var data = TreeDictionary<Quake.ID, Quake>()
      var dictionary = [Quake.ID: Quake](minimumCapacity: size)
      for quake in quakes {
        data[quake.id] = quake
        dictionary[quake.id] = quake
      }
      state.quakes.data = data
      let steps = max(20, min(2_000, 20_000_000 / max(size, 1)))
      let batches = (0..<steps).map { [self.quake(size + $0)] }

      let tree = self.measure(steps: steps) { step in
        let action = QuakesAction.data(.persistentSession(.remoteStore(.didFetchQuakes(
          feed: .allHour, date: Date(), result: .success(batch: FeedBatch(quakes: batches[step]))))))
        let next = try? QuakesReducer.reduce(state: state, action: action)
        return next?.quakes.data.count ?? 0
      }
      let flat = self.measure(steps: steps) { step in
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

  private static func measure(steps: Int, _ body: (Int) -> Int) -> Double {
    var sink = 0
    let clock = ContinuousClock()
    let elapsed = clock.measure {
      for step in 0..<steps {
        sink &+= body(step)
      }
    }
    precondition(sink > 0)
    let (seconds, attoseconds) = elapsed.components
    return (Double(seconds) * 1e6 + Double(attoseconds) / 1e12) / Double(steps)
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
