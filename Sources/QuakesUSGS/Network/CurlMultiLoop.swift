import CCurl
import Foundation
import Synchronization

/// The thread that runs every libcurl transfer of the process.
///
/// One libcurl multi handle, driven by one dedicated thread: submitted
/// transfers are added to it, `curl_multi_poll` sleeps until a socket is
/// ready, a timeout is due, or `curl_multi_wakeup` says a transfer was
/// submitted or cancelled. Finished transfers resume their caller's
/// continuation. Callers therefore only suspend; nothing blocks the Swift
/// concurrency cooperative pool, however slow the server. Name resolution
/// happens off this thread too (libcurl's threaded resolver).
///
/// The multi handle also keeps the connection cache, so polls of the same
/// host can reuse a kept-alive connection. The loop lives as long as the
/// process (a daemon makes requests until it stops); idle, it sleeps in
/// `curl_multi_poll`.
final class CurlMultiLoop: @unchecked Sendable {
  /// What other threads hand to the loop.
  private struct Inbox {
    /// Transfers to add.
    var submitted: [CurlTransfer] = []
    /// Whether some transfer asked to be cancelled since the loop last looked.
    var cancellationRequested = false
  }

  /// The process's loop; `nil` only when libcurl cannot be initialized.
  static let shared: CurlMultiLoop? = CurlMultiLoop()

  /// The multi handle (`CURLM *`). Used by the loop's thread, except
  /// `curl_multi_wakeup`, which libcurl allows from any thread.
  private let multi: UnsafeMutableRawPointer
  private let inbox = Mutex(Inbox())
  /// The transfers in the multi handle, by easy handle. Loop thread only.
  private var active: [UnsafeMutableRawPointer: CurlTransfer] = [:]

  private init?() {
    guard CurlGlobal.isInitialized, let multi = curl_multi_init() else { return nil }
    self.multi = multi
    let thread = Thread { [self] in self.run() }
    thread.name = "quakesd-curl"
    thread.start()
  }

  /// Adds `transfer` to the loop; it completes there. Any thread.
  func submit(_ transfer: CurlTransfer) {
    self.inbox.withLock { $0.submitted.append(transfer) }
    curl_multi_wakeup(self.multi)
  }

  /// Stops `transfer`, which then completes with `CancellationError` (unless
  /// it already finished). Any thread, before or after ``submit(_:)``.
  func cancel(_ transfer: CurlTransfer) {
    transfer.requestCancellation()
    self.inbox.withLock { $0.cancellationRequested = true }
    curl_multi_wakeup(self.multi)
  }

  private func run() {
    var running: Int32 = 0
    while true {
      let inbox = self.inbox.withLock { inbox in
        defer { inbox = Inbox() }
        return inbox
      }
      for transfer in inbox.submitted {
        self.add(transfer)
      }
      if inbox.cancellationRequested {
        self.removeCancelledTransfers()
      }
      curl_multi_perform(self.multi, &running)
      self.completeFinishedTransfers()
      // libcurl shortens the wait to its next timeout; the bound is a safety net.
      curl_multi_poll(self.multi, nil, 0, self.active.isEmpty ? 60_000 : 1_000, nil)
    }
  }

  private func add(_ transfer: CurlTransfer) {
    if transfer.isCancelled {
      transfer.complete(throwing: CancellationError())
      return
    }
    let code = curl_multi_add_handle(self.multi, transfer.handle)
    guard code == CURLM_OK else {
      let detail = "curl_multi_add_handle: " + String(cString: curl_multi_strerror(code))
      transfer.complete(throwing: NetworkError(kind: .setup, url: transfer.url, detail: detail))
      return
    }
    self.active[transfer.handle] = transfer
  }

  private func removeCancelledTransfers() {
    for (handle, transfer) in self.active where transfer.isCancelled {
      curl_multi_remove_handle(self.multi, handle)
      self.active[handle] = nil
      transfer.complete(throwing: CancellationError())
    }
  }

  private func completeFinishedTransfers() {
    var queued: Int32 = 0
    while let message = curl_multi_info_read(self.multi, &queued) {
      guard message.pointee.msg == CURLMSG_DONE, let handle = message.pointee.easy_handle else { continue }
      // The message dies with the removal: read the result first.
      let code = quakes_curl_msg_result(message)
      curl_multi_remove_handle(self.multi, handle)
      self.active.removeValue(forKey: handle)?.complete(with: code)
    }
  }
}
