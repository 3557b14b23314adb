import Foundation
import Hummingbird
import NIOCore

// hummingbird-floor FILE: answers every GET on 127.0.0.1 with FILE's bytes
// (application/xml), on a port the kernel chooses, printed as the first
// line, `http://127.0.0.1:PORT/`. Hummingbird's defaults otherwise.
guard CommandLine.arguments.count == 2,
  let bytes = FileManager.default.contents(atPath: CommandLine.arguments[1])
else {
  FileHandle.standardError.write(Data("usage: hummingbird-floor FILE (a readable file)\n".utf8))
  exit(2)
}
let body = ByteBuffer(bytes: bytes)
let router = Router()
router.get("**") { _, _ in
  Response(status: .ok, headers: [.contentType: "application/xml"], body: ResponseBody(byteBuffer: body))
}
let application = Application(
  router: router, configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)),
  onServerRunning: { channel in
    FileHandle.standardOutput.write(Data("http://127.0.0.1:\(channel.localAddress?.port ?? 0)/\n".utf8))
  })
try await application.runService()
