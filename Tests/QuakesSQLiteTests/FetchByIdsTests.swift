import QuakesData
import QuakesModel
import QuakesSQLite
import QuakesTestSupport
import Testing

/// What an FDSN window is diffed against: the quakes the file holds under
/// the ids asked for, however many, each once; ids it lacks left out.
@Suite struct FetchByIdsTests {
  @Test("1,234 ids, in chunks of 500, some absent and some asked twice: each stored quake once, as written")
  func fetchesTheStoredOnes() async throws {
    try await withTemporaryStore { store in
      let quakes = Quake.samples(1_500)
      try await store.didFetchRemoteQuakesMutation(
        feed: .allDay, record: FeedRecord(), diff: QuakesDiff(inserted: quakes))

      // Duplicates land in other chunks of 500 than their first.
      let asked = quakes.prefix(1_234).map(\.id) + ["absent1", "absent2"] + quakes.prefix(700).map(\.id)
      let fetched = try await store.fetchLocalQuakesQuery(ids: asked)
      #expect(fetched.count == 1_234)
      #expect(Set(fetched) == Set(quakes.prefix(1_234)))
      #expect(try await store.fetchLocalQuakesQuery(ids: []).isEmpty)
      #expect(try await store.fetchLocalQuakesQuery(ids: ["absent"]).isEmpty)
    }
  }
}
