import QuakesServer
import Testing

/// At most so many answers hold their events at once; the next waits for
/// one to be written and gone.
@Suite("Long answers (FDSN queries, lists with no limit) in memory at once")
struct AnswerSlotsTests {
  @Test("a request beyond the slots waits until an answer is gone, then takes its slot")
  func waitsForASlot() async {
    let slots = AnswerSlots(count: 2)
    var first: AnswerSlots.Slot? = await slots.take()
    var second: AnswerSlots.Slot? = await slots.take()
    #expect(slots.free == 0)
    // The third holds its slot while it looks how many are free.
    let third = Task { withExtendedLifetime(await slots.take()) { slots.free } }
    while slots.waiting == 0 { await Task.yield() }
    #expect(slots.waiting == 1, "the third waits")
    first = nil
    #expect(await third.value == 0, "the first's slot went to the third")
    #expect(first == nil && second != nil && slots.free == 1, "and came back when the third was done")
    second = nil
    #expect(slots.free == 2, "every slot given back")
  }
}
