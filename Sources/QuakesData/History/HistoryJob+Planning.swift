public import Foundation
import QuakesModel

/// How a job folds in each answer: pure, so the reducer can apply it and the
/// tests can drive it through every case without a server.
///
/// Windows are never guessed: the first count covers the whole rest of the
/// span, and a window the service counts above its maximum is halved and
/// each half counted again, until every window fits in one request. An
/// answer for a window that is no longer the next one (it came after a
/// cancel, say) changes nothing.
extension HistoryJob {
  /// The service counted `count` events in `window`, and returns at most
  /// `maximum` per request.
  public mutating func counted(_ window: HistoryWindow, count: Int, maximum: Int, at date: Date) {
    guard self.isNext(window), self.pending.first?.count == nil else { return }
    self.updated = date
    self.runStarted = self.runStarted ?? date
    if window.start == self.cursor, window.end == self.query.until {
      self.eventsExpected = self.eventsFetched + count
    }
    if count > maximum {
      self.split(window, at: date, count: count, maximum: maximum)
    } else if count == 0 {
      // Nothing to write: when everything before was committed, this is
      // too, and the job may end; otherwise the write of the window before
      // commits it, and ends the job (``wrote(_:)``).
      let wasCommitted = self.committed.cursor == self.cursor
      self.advance(past: window, events: 0, at: date, finishing: wasCommitted)
      if wasCommitted { self.committed = self.progress }
    } else {
      self.pending[0].count = count
    }
  }

  /// The service refused to return `window` whole: more events arrived
  /// since it was counted. It is halved and counted again.
  public mutating func refusedAsTooLarge(_ window: HistoryWindow, maximum: Int, at date: Date) {
    guard self.isNext(window) else { return }
    self.updated = date
    self.split(window, at: date, count: nil, maximum: maximum)
  }

  /// `window` was fetched, with `events` events; the job moves past it.
  /// After the last window the job still runs, with nothing pending, until
  /// its quakes are written (``wrote(_:)``): "done" means in the database.
  public mutating func fetched(_ window: HistoryWindow, events: Int, at date: Date) {
    guard self.isNext(window) else { return }
    self.advance(past: window, events: events, at: date, finishing: false)
  }

  /// The quakes a fetched window wrote, committed with it; after the last
  /// window, the job is done.
  public mutating func wrote(_ counts: QuakesDiff.Counts) {
    self.eventsWritten += counts.inserted + counts.updated
    self.eventsRemoved += counts.deleted
    self.committed = self.progress
    if self.isRunning, self.pending.isEmpty {
      self.phase = .done
      self.finished = self.updated
    }
  }

  /// A request or a write failed for good: the job stops, with `message`.
  public mutating func fail(_ message: String, at date: Date) {
    guard self.isRunning else { return }
    self.phase = .failed(message)
    self.updated = date
    self.finished = date
  }

  /// A client cancelled the job. A job with nothing left to fetch is only
  /// waiting for its last window's write, and is let finish.
  public mutating func cancel(at date: Date) {
    guard self.isRunning, !self.pending.isEmpty else { return }
    self.phase = .cancelled
    self.updated = date
    self.finished = date
  }

  /// The job running again from its cursor (a failed or cancelled one
  /// started again with the same query, or any job read back after a
  /// restart): the rest of its span, counted afresh. One whose cursor
  /// reached the end of its span is done: every window is written.
  public func resumed(at date: Date) -> HistoryJob {
    var job = self
    job.runStarted = nil
    job.fetchedBeforeRun = job.eventsFetched
    guard job.cursor < job.query.until else {
      job.pending = []
      if job.phase != .done {
        job.phase = .done
        job.finished = date
        job.updated = date
      }
      return job
    }
    job.pending = [HistoryWindow(start: job.cursor, end: job.query.until)]
    if !job.isRunning {
      job.phase = .running
      job.finished = nil
      job.updated = date
    }
    return job
  }

  /// A window could not be written: the job goes back to its committed
  /// progress, so that running it again fetches that window again rather
  /// than skipping it, and a running job fails with `message`.
  public mutating func writeFailed(_ message: String, at date: Date) {
    self.progress = self.committed
    self.pending = []
    if self.isRunning {
      self.phase = .failed(message)
      self.finished = date
    }
    self.updated = date
  }

  /// Seconds left at the pace of this run (since it started or resumed),
  /// once the total is known and something was fetched; `nil` otherwise.
  public func secondsLeft(at date: Date) -> Double? {
    guard self.isRunning, let expected = self.eventsExpected else { return nil }
    guard let runStarted = self.runStarted else { return nil }
    let fetched = self.eventsFetched - self.fetchedBeforeRun
    let elapsed = date.timeIntervalSince(runStarted)
    guard fetched > 0, elapsed.isFinite, elapsed >= 0 else { return nil }
    let seconds = elapsed / Double(fetched) * Double(max(0, expected - self.eventsFetched))
    return seconds.isFinite ? min(seconds, 1e9) : nil
  }

  private func isNext(_ window: HistoryWindow) -> Bool {
    guard self.isRunning, let next = self.pending.first else { return false }
    return next.start == window.start && next.end == window.end
  }

  private mutating func split(_ window: HistoryWindow, at date: Date, count: Int?, maximum: Int) {
    guard let (earlier, later) = window.halves else {
      let counted = count.map { Plural.count($0, "event") } ?? "more events than one request may return"
      self.fail(
        "\(counted) within one millisecond (\(window)), above the service's maximum of \(maximum) a request: "
          + "narrow the filters", at: date)
      return
    }
    self.pending.replaceSubrange(0..<1, with: [earlier, later])
  }

  /// Moves past `window`; with `finishing`, a job with nothing left is done
  /// at once (nothing of the window is left to write).
  private mutating func advance(past window: HistoryWindow, events: Int, at date: Date, finishing: Bool) {
    self.pending.removeFirst()
    self.cursor = window.end
    self.windowsDone += 1
    self.eventsFetched += events
    self.updated = date
    if finishing, self.pending.isEmpty {
      self.phase = .done
      self.finished = date
    }
  }
}
