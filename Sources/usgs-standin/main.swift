// usgs-standin: the USGS stand-in as a process, for the offline demo. It
// serves the .geojson files of a directory as feeds on 127.0.0.1 until it is
// stopped (SIGINT or SIGTERM end it; it holds nothing to flush).
//
//   usgs-standin [--port N] [--base-path PATH] [--no-gzip] DIRECTORY
//   usgs-standin [--port N] [--base-path PATH] --sample
//
// With --sample it serves a made-up catalogue of the last 30 days instead
// (no files needed) and adds a quake every minute, so a watcher sees changes.
// With --no-gzip it never compresses (the benchmarks use it: compressing is
// the server's work, not the client's). It prints the base URL to give quakesd as its first line of output.
import Foundation
import USGSStandIn

let usage = "usage: usgs-standin [--port N] [--base-path PATH] [--no-gzip] (DIRECTORY | --sample)"

/// Prints `message` and the usage to standard error and exits with status 2.
func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("usgs-standin: \(message)\n\(usage)\n".utf8))
  exit(2)
}

var port = 0
var basePath = USGSStandIn.defaultBasePath
var directory: String?
var sample = false
var gzip = true
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  switch argument {
  case "--port":
    guard let value = arguments.popFirst(), let number = Int(value), (0...65_535).contains(number) else {
      fail("--port needs a port number (0 lets the kernel choose)")
    }
    port = number
  case "--base-path":
    guard let value = arguments.popFirst() else { fail("--base-path needs a path") }
    basePath = value
  case "--sample":
    sample = true
  case "--no-gzip":
    gzip = false
  case "-h", "--help":
    print(usage)
    exit(0)
  default:
    guard directory == nil, !argument.hasPrefix("-") else { fail("unexpected argument \(argument)") }
    directory = argument
  }
}
guard sample != (directory != nil) else { fail("give either a directory or --sample") }

do {
  let standIn = try await USGSStandIn.start(port: port, basePath: basePath)
  var catalogue = SampleCatalogue()
  let feeds = try directory.map { try standIn.setFeeds(fromDirectory: $0) } ?? standIn.setSampleFeeds(catalogue)
  if !gzip {
    for feed in feeds { standIn.setBehaviour(.serveUncompressed, forFeed: feed) }
  }
  // Written unbuffered, so a script reading the first line gets it at once.
  let served = feeds.isEmpty ? "no feeds" : feeds.joined(separator: " ")
  let source = directory.map { "from \($0)" } ?? "from a sample catalogue (a new quake every minute)"
  FileHandle.standardOutput.write(Data("\(standIn.baseURL)\nusgs-standin: serving \(served) \(source)\n".utf8))
  while true {
    try await Task.sleep(for: .seconds(sample ? 60 : 3_600))
    if sample {
      catalogue.addQuake(at: Date())
      standIn.setSampleFeeds(catalogue)
    }
  }
} catch {
  FileHandle.standardError.write(Data("usgs-standin: \(error)\n".utf8))
  exit(1)
}
