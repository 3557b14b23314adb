import QuakesClient
import QuakesModel
import QuakesProtocol
import Testing

/// Counts in messages agree with their nouns: never "1 rules", "1 windows"
/// or "after 1 attempts", through the one helper, ``Plural``.
@Suite("Plural: a count and its noun agree")
struct PluralTests {
  @Test("1 takes the singular; 0, 2 and more the plural; an irregular plural is given")
  func agreement() {
    #expect(Plural.count(1, "rule") == "1 rule")
    #expect(Plural.count(0, "rule") == "0 rules")
    #expect(Plural.count(2, "window") == "2 windows")
    #expect(Plural.count(1, "entry", plural: "entries") == "1 entry")
    #expect(Plural.count(3, "entry", plural: "entries") == "3 entries")
    #expect(Plural.count(12_345, "event", number: { _ in "12,345" }) == "12,345 events")
    #expect(Plural.noun("attempt", count: 1) == "attempt")
  }

  /// A backfill of one window and one event, as quakectl shows it.
  private static let single = HistoryJobResult(
    kind: "backfill", phase: "done", error: nil, since: "2020-01-01T00:00:00.000Z",
    until: "2020-01-02T00:00:00.000Z", filters: "", cursor: "2020-01-02T00:00:00.000Z",
    started: "2026-11-24T09:00:00.000Z", updated: "2026-11-24T09:00:01.000Z", windowsDone: 1, windowsPending: 0,
    eventsFetched: 1, eventsWritten: 1, eventsRemoved: 0, eventsExpected: 1, etaSeconds: nil)

  @Test("a backfill of one window and one event: \"1 window\", \"1 event\", \"1 quake\"")
  func oneWindowBackfill() {
    #expect(
      BackfillProgress.summary(Self.single)
        == "backfill done (1 event fetched in 1 window; 1 quake written; "
        + "2020-01-01T00:00:00.000Z to 2020-01-02T00:00:00.000Z, done up to 2020-01-02T00:00:00.000Z)")
    #expect(
      BackfillProgress.line(Self.single)
        == "[####################]  100%  1 window done, 0 planned  1 of 1 event, 1 written  done"
    )
  }
}
