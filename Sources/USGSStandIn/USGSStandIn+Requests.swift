extension USGSStandIn {
  /// Every request received so far, in arrival order, as it arrived (before
  /// the stand-in looked at it).
  public var requests: [RecordedRequest] {
    self.state.withContents { $0.requests }
  }

  /// The requests received so far for the feed `name`.
  public func requests(forFeed name: String) -> [RecordedRequest] {
    self.state.withContents { $0.requests.filter { $0.feed == name } }
  }

  /// Returns once `count` requests (for the feed `name`, when given) have
  /// arrived, counting those already received, or once the stand-in shuts
  /// down. A request counts as soon as its head is read, before any answer:
  /// a test can wait for a request the stand-in will never answer.
  public func waitForRequests(_ count: Int, forFeed name: String? = nil) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let waiter = StandInState.Waiter(
        count: count, counts: { request in name.map { request.feed == $0 } ?? true }, continuation: continuation)
      if let ready = self.state.add(waiter) {
        ready.continuation.resume()
      }
    }
  }
}
