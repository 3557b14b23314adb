import Foundation

/// `usgs-standin DIRECTORY` running for the length of a comparison: quakesd
/// fetches the feed from it over real HTTP on 127.0.0.1.
final class StandInProcess {
  private let process = Process()
  /// The base URL it prints on its first line.
  let baseURL: String

  init(executable: String, directory: String) throws {
    let output = Pipe()
    self.process.executableURL = URL(fileURLWithPath: executable)
    self.process.arguments = [directory]
    self.process.standardOutput = output
    try self.process.run()
    var line = Data()
    while !line.contains(UInt8(ascii: "\n")) {
      let chunk = output.fileHandleForReading.availableData
      guard !chunk.isEmpty else { throw MeasuredRun.Failure(description: "usgs-standin exited before it printed its URL") }
      line.append(chunk)
    }
    self.baseURL = String(decoding: line, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
  }

  func stop() {
    self.process.terminate()
    self.process.waitUntilExit()
  }
}
