import QuakesData
import QuakesUSGS
import Testing

/// Feed URLs under the default and a configured base URL.
@Suite("USGSFeedCatalogue: feed URLs")
struct RemoteStoreCatalogueTests {
  @Test("the default base URL is the real service, and a feed's URL is base + name + .geojson")
  func defaultURLs() throws {
    let catalogue = USGSFeedCatalogue()

    #expect(catalogue.url(for: .allDay) == "https://earthquake.usgs.gov/earthquakes/feed/v1.0/summary/all_day.geojson")
    #expect(catalogue.url(for: try #require(QuakesFeed(name: "4.5_week")))
      == "https://earthquake.usgs.gov/earthquakes/feed/v1.0/summary/4.5_week.geojson")
    #expect(catalogue.feeds.count == 20)
    #expect(Array(catalogue.feeds.prefix(4)) == [.allHour, .allDay, .allWeek, .allMonth])
  }

  @Test("a configured base URL gets its trailing slash", arguments: ["http://mirror.example/feeds", "http://mirror.example/feeds/"])
  func configured(baseURL: String) throws {
    let catalogue = try USGSFeedCatalogue(baseURL: baseURL)

    #expect(catalogue.baseURL == "http://mirror.example/feeds/")
    #expect(catalogue.url(for: .allHour) == "http://mirror.example/feeds/all_hour.geojson")
  }

  @Test(
    "an unusable base URL is refused with a message naming it",
    arguments: [
      ("ftp://mirror.example/feeds/", "its scheme is ftp"),
      ("mirror.example/feeds/", "it is not an absolute URL"),
      ("", "it is not an absolute URL"),
      ("http:///feeds/", "it names no host"),
      ("https://mirror.example/feeds/?key=1", "it has a query or a fragment"),
    ])
  func invalid(baseURL: String, reason: String) {
    #expect {
      _ = try USGSFeedCatalogue(baseURL: baseURL)
    } throws: { error in
      let message = (error as? USGSFeedCatalogueError)?.errorDescription ?? ""
      return message.contains("\"\(baseURL)\"") && message.contains(reason)
        && message.contains(USGSFeedCatalogue.defaultBaseURL)
    }
  }
}
