import Foundation

/// The number of files the daemon may hold open: each client is one.
package enum OpenFileLimit {
  /// Raises the soft limit to the hard one (systemd and most shells start
  /// processes at a soft 1,024, under a hard limit in the hundreds of
  /// thousands), so that thousands of clients fit; returns the limit now in effect.
  @discardableResult
  package static func raise() -> Int {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 0 }
    if limit.rlim_cur < limit.rlim_max {
      var raised = limit
      raised.rlim_cur = limit.rlim_max
      if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { return Int(clamping: raised.rlim_cur) }
    }
    return Int(clamping: limit.rlim_cur)
  }
}
