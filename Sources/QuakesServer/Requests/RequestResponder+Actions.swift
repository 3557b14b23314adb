import ImmutableData
import QuakesData
import QuakesModel
import QuakesProtocol

extension RequestResponder {
  /// Starts a fetch of the feed asked for (every scheduled feed when none
  /// is named); with `wait`, replies once each fetch was written or failed.
  /// A fetch already running is joined, not repeated.
  func refresh(_ params: RefreshParams) async throws(ProtocolError) -> RefreshResult {
    let feeds = try self.feeds(named: params.feed)
    guard self.store.snapshot().selectIsLoaded() else {
      throw ProtocolError(.unavailable, "the cache is still loading; try again in a moment")
    }
    guard params.wait == true else {
      return RefreshResult(feeds: await self.startFetches(of: feeds))
    }
    let refresher = self.parts.refresher
    let entries = await withTaskGroup(of: RefreshResult.Feed.self) { group in
      for feed in feeds {
        group.addTask { await refresher.refreshAndWait(feed) }
      }
      var entries: [String: RefreshResult.Feed] = [:]
      for await entry in group { entries[entry.feed] = entry }
      return entries
    }
    let outcomes = feeds.compactMap { entries[$0.name] }
    if outcomes.allSatisfy({ $0.outcome == .failed }) {
      let messages = outcomes.compactMap(\.error).joined(separator: "; ")
      throw ProtocolError(
        .unavailable, "\(messages); the cached quakes stay as they were (quakectl status shows every feed)")
    }
    return RefreshResult(feeds: outcomes)
  }

  /// Deletes one quake from the cache: from the state if it holds it, and
  /// from the database, in order. Whether the cache holds it is the
  /// database's answer (as for `quakes.get`): the state need not hold every
  /// quake the database does.
  ///
  /// Deletes run one at a time (``OneAtATime``): a second delete of the
  /// same quake finds it gone, and the cache's count drops once.
  func delete(_ params: IdParams) async throws(ProtocolError) -> DeleteResult {
    try await self.deletes.run { () async throws(ProtocolError) -> DeleteResult in
      guard let quake = try await self.catalogue.quake(id: params.id) else {
        throw ProtocolError(.notFound, "no quake with id \(params.id) in the cache; quakectl list shows the cached ids")
      }
      do {
        try await self.store.dispatch(action: .client(.delete(quake: quake)))
      } catch {
        throw ProtocolError(.internal, "deleting \(params.id) failed: \(error)")
      }
      return DeleteResult(deleted: 1)
    }
  }

  /// Deletes every quake from the cache; the next polls fill it again.
  @StoreActor
  func purge() throws(ProtocolError) -> DeleteResult {
    let count = self.store.select(QuakesState.selectQuakesCount())
    do {
      try self.store.dispatch(action: .client(.purge))
    } catch {
      throw ProtocolError(.internal, "purging failed: \(error)")
    }
    return DeleteResult(deleted: count)
  }

  /// Reads the configuration again and applies what changed.
  func reload() async throws(ProtocolError) -> ReloadResult {
    guard let reloader = self.parts.reloader else {
      throw ProtocolError(.unavailable, "this quakesd cannot reload its configuration; restart it")
    }
    return try await reloader.reloadConfiguration(requestedBy: "quakectl reload")
  }

  private func feeds(named name: String?) throws(ProtocolError) -> [QuakesFeed] {
    guard let name else {
      let scheduled = self.reporter.timetable.feeds
      return scheduled.isEmpty ? [.allHour] : scheduled
    }
    guard let feed = QuakesFeed(name: name) else {
      throw ProtocolError(
        .invalidRequest,
        "\"feed\" must be a USGS summary feed (\(QuakesFeed.allFeeds.map(\.name).joined(separator: ", "))), not \"\(name)\""
      )
    }
    return [feed]
  }

  @StoreActor
  private func startFetches(of feeds: [QuakesFeed]) -> [RefreshResult.Feed] {
    feeds.map { feed in
      let running = self.store.select(QuakesState.selectFeed(feed))?.status == .waiting
      if !running { try? self.store.dispatch(action: .client(.refresh(feed: feed))) }
      return RefreshResult.Feed(feed: feed.name, outcome: running ? .running : .started)
    }
  }
}
