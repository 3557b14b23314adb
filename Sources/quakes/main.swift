// quakesd and quakectl in one binary, run as whichever its name says: the
// Debian package installs it as /usr/sbin/quakesd with /usr/bin/quakectl a
// link to it, so the Swift runtime and Foundation (with ICU's data) that
// each would link statically are in the package once (docs/packaging.md).
import QuakectlCommandLine
import QuakesdCommandLine

let name = CommandLine.arguments.first.flatMap { $0.split(separator: "/").last }.map(String.init) ?? ""
if name == "quakectl" {
  QuakesdMain.releaseStopSignals()
  QuakectlMain.run()
}
await QuakesdMain.run()
