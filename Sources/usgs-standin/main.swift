// usgs-standin: the USGS stand-in as a process, for the offline demo. It
// serves the .geojson files of a directory as feeds on 127.0.0.1 until it is
// stopped (SIGINT or SIGTERM end it; it holds nothing to flush).
//
//   usgs-standin [--port N] [--base-path PATH] [--no-gzip] [FDSN] DIRECTORY
//   usgs-standin [--port N] [--base-path PATH] [--no-gzip] [FDSN] --sample
//   usgs-standin [--port N] [--no-gzip] FDSN
//
// where FDSN is --fdsn-sample COUNT [--fdsn-from DATE] [--fdsn-to DATE]
// or --fdsn-directory DIR.
//
// With --sample it serves a made-up catalogue of the last 30 days instead
// (no files needed) and adds a quake every minute, so a watcher sees changes.
// With --no-gzip it never compresses (the benchmarks use it: compressing is
// the server's work, not the client's). The FDSN options add the FDSN event
// service (/fdsnws/event/1/: query, count, version), beside the feeds or
// alone: --fdsn-sample serves a made-up catalogue of COUNT events over the
// 365 days before now (or from --fdsn-from to --fdsn-to, ISO 8601 UTC times
// such as 2024-01-01), --fdsn-directory the features of a directory's
// .geojson files. It prints the base URL to give quakesd as its first line
// of output and, when the FDSN service is on, the FDSN base URL as its second.
import Foundation
import QuakesModel
import USGSStandIn

let usage = """
  usage: usgs-standin [--port N] [--base-path PATH] [--no-gzip] [FDSN] (DIRECTORY | --sample)
         usgs-standin [--port N] [--no-gzip] FDSN
  FDSN:  --fdsn-sample COUNT [--fdsn-from DATE] [--fdsn-to DATE] | --fdsn-directory DIR
  """

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
var fdsnSample: Int?
var fdsnFrom: Date?
var fdsnTo: Date?
var fdsnDirectory: String?
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
  case "--fdsn-sample":
    guard let value = arguments.popFirst(), let count = Int(value), count >= 0 else {
      fail("--fdsn-sample needs a number of events")
    }
    fdsnSample = count
  case "--fdsn-from", "--fdsn-to":
    guard let value = arguments.popFirst(), let date = Timestamp.parseISO8601(value) else {
      fail("\(argument) needs an ISO 8601 date, e.g. 2024-01-01 or 2024-01-01T12:00:00Z")
    }
    if argument == "--fdsn-from" { fdsnFrom = date } else { fdsnTo = date }
  case "--fdsn-directory":
    guard let value = arguments.popFirst() else { fail("--fdsn-directory needs a directory") }
    fdsnDirectory = value
  case "-h", "--help":
    print(usage)
    exit(0)
  default:
    guard directory == nil, !argument.hasPrefix("-") else { fail("unexpected argument \(argument)") }
    directory = argument
  }
}
let fdsn = fdsnSample != nil || fdsnDirectory != nil
guard !(sample && directory != nil), sample || directory != nil || fdsn else {
  fail("give either a directory or --sample, or an FDSN catalogue")
}
guard fdsnSample == nil || fdsnDirectory == nil else { fail("give either --fdsn-sample or --fdsn-directory") }
if let fdsnFrom, let fdsnTo, fdsnFrom >= fdsnTo { fail("--fdsn-from must be before --fdsn-to") }
guard (fdsnFrom == nil && fdsnTo == nil) || fdsnSample != nil else {
  fail("--fdsn-from and --fdsn-to need --fdsn-sample")
}

do {
  let standIn = try await USGSStandIn.start(port: port, basePath: basePath)
  var catalogue = SampleCatalogue()
  var feeds: [String] = []
  if let directory {
    feeds = try standIn.setFeeds(fromDirectory: directory)
  } else if sample {
    feeds = standIn.setSampleFeeds(catalogue)
  }
  if !gzip {
    for feed in feeds { standIn.setBehaviour(.serveUncompressed, forFeed: feed) }
    standIn.setFDSNCompression(false)
  }
  var fdsnSource = ""
  if let fdsnSample {
    let to = fdsnTo ?? Date()
    let from = fdsnFrom ?? to.addingTimeInterval(-365 * 86_400)
    standIn.setFDSNCatalogue(.generated(count: fdsnSample, from: from, to: to))
    fdsnSource = "; FDSN: \(fdsnSample) made-up events"
  } else if let fdsnDirectory {
    let fdsnCatalogue = try FDSNCatalogue(directory: fdsnDirectory)
    standIn.setFDSNCatalogue(fdsnCatalogue)
    fdsnSource = "; FDSN: \(fdsnCatalogue.count) events from \(fdsnDirectory)"
  }
  // Written unbuffered, so a script reading the first line gets it at once.
  let served = feeds.isEmpty ? "no feeds" : feeds.joined(separator: " ")
  let source =
    directory.map { " from \($0)" } ?? (sample ? " from a sample catalogue (a new quake every minute)" : "")
  let fdsnLine = fdsn ? "\(standIn.fdsnBaseURL)\n" : ""
  FileHandle.standardOutput.write(
    Data("\(standIn.baseURL)\n\(fdsnLine)usgs-standin: serving \(served)\(source)\(fdsnSource)\n".utf8))
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
