/// Why a socket cannot be served: another quakesd serves it, or its path
/// cannot be used. The message says which file and what to do; the daemon
/// refuses to start with it (exit status 78).
package struct SocketListenError: Error, CustomStringConvertible {
  package let description: String

  init(_ description: String) {
    self.description = description
  }
}
