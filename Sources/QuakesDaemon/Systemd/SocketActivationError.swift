/// Why the sockets systemd passed cannot be served.
enum SocketActivationError: Error, CustomStringConvertible {
  /// A socket whose `FileDescriptorName=` is neither `control` nor `query`.
  case unknownName(String, descriptor: CInt)
  /// Two sockets with the same name.
  case duplicate(String)
  /// A socket that is not a listening Unix stream socket.
  case notAListeningUnixStreamSocket(String, descriptor: CInt)

  var description: String {
    switch self {
    case .unknownName(let name, let descriptor):
      "systemd passed socket \(descriptor) named \"\(name)\"; quakesd serves only sockets named \"control\" and \"query\" (set FileDescriptorName= in the .socket unit)"
    case .duplicate(let name):
      "systemd passed two sockets named \"\(name)\"; give each .socket unit its own FileDescriptorName= (control or query)"
    case .notAListeningUnixStreamSocket(let name, let descriptor):
      "systemd passed socket \(descriptor) named \"\(name)\", which is not a listening Unix stream socket; use ListenStream=/run/quakesd/\(name).sock in the .socket unit"
    }
  }
}
