import Testing

@testable import QuakesServer

/// ``OneAtATime`` runs one operation at a time, awaits included, and an
/// error ends only its own operation.
@Suite("One operation at a time")
struct OneAtATimeTests {
  /// How many operations are inside at once, at most, and how many ran.
  private actor Tally {
    var now = 0, most = 0, ran = 0
    func enter() { self.now += 1; self.most = max(self.most, self.now) }
    func leave() { self.now -= 1; self.ran += 1 }
  }

  @Test("fifty operations that suspend midway never overlap, and each runs")
  func operationsNeverOverlap() async {
    let gate = OneAtATime()
    let tally = Tally()
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<50 {
        group.addTask {
          await gate.run { () async -> Void in
            await tally.enter()
            for _ in 0..<10 { await Task.yield() }
            await tally.leave()
          }
        }
      }
    }
    let (most, ran) = (await tally.most, await tally.ran)
    #expect(most == 1, "\(most) operations ran at once")
    #expect(ran == 50)
  }

  @Test("an operation that throws hands on to the next")
  func aFailureHandsOn() async throws {
    struct Refused: Error {}
    let gate = OneAtATime()
    await #expect(throws: Refused.self) { try await gate.run { () async throws(Refused) -> Int in throw Refused() } }
    #expect(await gate.run { () async -> Int in 7 } == 7)
  }
}
