// quakesd: the daemon. Until its issue lands (#5), this executable only says
// what exists: the ImmutableData store and the Quakes domain (QuakesData).
import QuakesData

let version = "0.1.0-dev"

if CommandLine.arguments.contains("--version") {
  print("quakesd \(version)")
} else {
  print("""
    quakesd \(version): the store, reducer, selectors and listener are built and tested
    (make test); the SQLite store, the USGS feeds, the sockets and systemd come next.
    Feeds it will know: \(QuakesFeed.allFeeds.map(\.name).joined(separator: " "))
    """)
}
