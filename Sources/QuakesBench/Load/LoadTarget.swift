/// Where the load generator connects: quakesd's query socket, or a TCP port
/// on 127.0.0.1 (datasette).
enum LoadTarget: Sendable {
  case unix(String)
  case tcp(UInt16)
}
