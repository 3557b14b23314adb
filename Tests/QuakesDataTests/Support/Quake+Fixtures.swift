import Foundation
import QuakesData
import QuakesModel

extension Quake {
  /// A quake for tests: only what a test cares about is named.
  static func fixture(
    _ id: String,
    magnitude: Double? = 2.5,
    time: Date = Date(timeIntervalSince1970: 1_600_000_000),
    updated: Date? = nil,
    place: String? = "10 km N of Somewhere, California"
  ) -> Quake {
    Quake(
      id: id, magnitude: magnitude, magnitudeType: "ml", time: time, updated: updated ?? time,
      place: place, longitude: -122, latitude: 37, depth: 8.5,
      url: "https://earthquake.usgs.gov/earthquakes/eventpage/\(id)", status: .reviewed,
      eventType: "earthquake")
  }
}

extension QuakesState {
  /// A loaded state holding `quakes`.
  static func loaded(_ quakes: [Quake] = [], feeds: [QuakesFeed: FeedState] = [:]) -> QuakesState {
    var state = QuakesState()
    state.quakes.status = .success
    for quake in quakes {
      state.quakes.data[quake.id] = quake
    }
    for (feed, feedState) in feeds {
      state.feeds[feed] = feedState
    }
    return state
  }
}

extension QuakesAction {
  /// A remote batch of `feed` arrived.
  static func remote(
    _ result: QuakesAction.Data.PersistentSession.RemoteStore.FetchQuakesResult,
    feed: QuakesFeed = .allDay,
    date: Date = Date(timeIntervalSince1970: 1_700_000_000)
  ) -> QuakesAction {
    .data(.persistentSession(.remoteStore(.didFetchQuakes(feed: feed, date: date, result: result))))
  }

  /// The local store answered.
  static func local(_ action: QuakesAction.Data.PersistentSession.LocalStore) -> QuakesAction {
    .data(.persistentSession(.localStore(action)))
  }
}

/// An error with a readable message, as stores throw.
struct StoreFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
