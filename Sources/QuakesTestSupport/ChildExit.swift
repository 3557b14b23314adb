import Foundation

/// How a child ended, as `waitid` tells it.
enum ChildExit: Equatable {
  /// It exited with this status.
  case exited(Int32)
  /// This signal ended it.
  case signalled(Int32)

  /// How the child `information` (from `waitid`) tells of ended, or `nil`
  /// when it tells of none (`WNOHANG` and a child still running).
  init?(_ information: siginfo_t) {
    guard information.si_signo != 0 else { return nil }
    let status = information._sifields._sigchld.si_status
    self = information.si_code == Int32(CLD_EXITED) ? .exited(status) : .signalled(status)
  }

  /// The exit status, or the signal that ended the child (as Foundation's
  /// `Process.terminationStatus` gives it).
  var code: Int32 {
    switch self {
    case .exited(let status), .signalled(let status): status
    }
  }
}
