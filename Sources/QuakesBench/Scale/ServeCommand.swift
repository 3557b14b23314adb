import Foundation
import Logging
import NIOCore
import NIOHTTP1
import QuakesFDSN
import QuakesServer

/// `quakes-bench serve FILE`: quakesd's own HTTP listener (``HTTPListener``,
/// with the FDSN service's limits) answering every request with FILE's
/// bytes, on 127.0.0.1 and a port the kernel chooses, printed as the first
/// line (`http://127.0.0.1:PORT/`). `make bench-scale` puts it beside
/// Hummingbird 2 sending the same bytes (``FDSNServiceBenchmark``'s floors):
/// the HTTP layer alone, without the service behind it.
enum ServeCommand {
  static func main(arguments: [String]) async -> Int32 {
    guard arguments.count == 1, let bytes = FileManager.default.contents(atPath: arguments[0]) else {
      FileHandle.standardError.write(Data("usage: quakes-bench serve FILE (a readable file)\n".utf8))
      return 2
    }
    let body = ByteBuffer(bytes: bytes)
    do {
      // The FDSN service's limits (FDSNHTTPServer.limits).
      let limits = HTTPListener.Limits(
        idleTimeout: .seconds(60), requestDeadline: .seconds(10), maximumConnections: 256)
      let listener = try await HTTPListener.bind(host: "127.0.0.1", port: 0, limits: limits)
      FileHandle.standardOutput.write(Data("http://\(listener.address)/\n".utf8))
      await listener.run(name: "bench", logger: Logger(label: "quakes-bench")) { _, _ in
        HTTPAnswer(status: .ok, headers: HTTPHeaders([("Content-Type", "application/xml")]), body: .whole(body))
      }
      return 0
    } catch {
      FileHandle.standardError.write(Data("quakes-bench serve: \(error)\n".utf8))
      return 1
    }
  }
}
