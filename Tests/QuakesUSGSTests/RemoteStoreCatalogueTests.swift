import QuakesModel
import QuakesUSGS
import Testing

/// Feed URLs under the default and a configured base URL.
@Suite("USGSFeedCatalogue: feed URLs")
struct RemoteStoreCatalogueTests {
  @Test("the default base URL is the real service, and a feed's URL is base + name + .geojson")
  func defaultURLs() throws {
    let catalogue = USGSFeedCatalogue()

    #expect(catalogue.url(for: .allDay) == "https://earthquake.usgs.gov/earthquakes/feed/v1.0/summary/all_day.geojson")
    #expect(
      catalogue.url(for: try #require(QuakesFeed(name: "4.5_week")))
        == "https://earthquake.usgs.gov/earthquakes/feed/v1.0/summary/4.5_week.geojson")
    #expect(catalogue.feeds.count == 20)
    #expect(Array(catalogue.feeds.prefix(4)) == [.allHour, .allDay, .allWeek, .allMonth])
  }

  @Test(
    "a configured base URL gets its trailing slash",
    arguments: ["http://mirror.example/feeds", "http://mirror.example/feeds/"])
  func configured(baseURL: String) throws {
    let catalogue = try USGSFeedCatalogue(baseURL: baseURL)

    #expect(catalogue.baseURL == "http://mirror.example/feeds/")
    #expect(catalogue.url(for: .allHour) == "http://mirror.example/feeds/all_hour.geojson")
  }

  @Test(
    "host names, IP addresses and ports at their bounds are accepted",
    arguments: [
      "http://mirror.example:1/", "http://mirror.example:65535/", "http://127.0.0.1/", "http://[::1]:8080/feeds/",
      "https://MIRROR-1.example_net.org/summary/",
    ])
  func acceptedHosts(baseURL: String) throws {
    #expect(try USGSFeedCatalogue(baseURL: baseURL).baseURL == baseURL)
  }

  @Test(
    "an unusable base URL is refused with a message naming it",
    arguments: [
      ("ftp://mirror.example/feeds/", "its scheme is ftp"),
      ("mirror.example/feeds/", "it is not an absolute URL"),
      ("", "it is not an absolute URL"),
      ("http:///feeds/", "it names no host"),
      ("https://mirror.example/feeds/?key=1", "it has a query or a fragment"),
      ("http://127.0.0.1:9/feeds\r\nX-Injected: 1/", "it contains a carriage return (U+000D)"),
      ("http://mirror.example/feeds/\n", "it contains a line feed (U+000A)"),
      ("http://mirror.example/fe eds/", "it contains a space (U+0020)"),
      ("http://mirror.example/\u{7F}/", "it contains U+007F"),
      ("http://mirror.example\t/", "it contains a tab (U+0009)"),
      ("http://mirr%0Aor.example/", "its host \"mirr%0Aor.example\" is not a host name"),
      ("http://mirror.example:0/", "its port 0 is not between 1 and 65535"),
      ("http://mirror.example:65536/", "its port 65536 is not between 1 and 65535"),
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
