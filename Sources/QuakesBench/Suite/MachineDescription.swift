import Foundation
import QuakesTestSupport

/// What the report says about where it ran: processor, memory, system,
/// toolchain and the peers' versions, so figures from two machines are not
/// compared blindly.
enum MachineDescription {
  static func lines(peers: PeerTools?, programs: String) async -> [String] {
    var lines: [String] = []
    let cpu = self.firstValue(in: "/proc/cpuinfo", key: "model name") ?? "unknown processor"
    lines.append("\(cpu), \(ProcessInfo.processInfo.activeProcessorCount) logical CPUs")
    lines.append(String(format: "%.1f GiB of memory", Double(ProcessInfo.processInfo.physicalMemory) / Double(1 << 30)))
    let system =
      self.firstValue(in: "/etc/os-release", key: "PRETTY_NAME", separator: "=")?
      .trimmingCharacters(in: CharacterSet(charactersIn: "\"")) ?? "Linux"
    var name = utsname()
    uname(&name)
    let kernel = withUnsafeBytes(of: &name.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    lines.append("\(system), kernel \(kernel)")
    if let swift = try? await Command.run("swift", ["--version"]), swift.status == 0,
      let first = (swift.output + swift.errors).split(separator: "\n").first(where: { $0.contains("Swift version") })
    {
      lines.append(String(first))
    }
    #if DEBUG
      lines.append("quakesd, quakectl and quakes-bench: **debug build** (figures are not representative)")
    #else
      lines.append("quakesd, quakectl and quakes-bench: release build")
    #endif
    lines.append("quakesd and quakectl measured: \(await self.linking(of: programs + "/quakectl")) (`\(programs)`)")
    if let sqlite3 = PeerTools.sqlite3, let run = try? await Command.run(sqlite3, ["--version"]), run.status == 0 {
      lines.append("sqlite3 shell " + (run.output.split(separator: " ").first.map(String.init) ?? "?"))
    }
    if let peers {
      lines.append("Peers: " + (await peers.versions()).joined(separator: ", "))
    } else {
      lines.append("Peers: not installed (run `make bench` to install them into .build/bench-venv)")
    }
    return lines
  }

  /// Whether `executable` carries the Swift runtime (`--static-swift-stdlib`,
  /// as the Debian package ships it) or loads the toolchain's libraries.
  private static func linking(of executable: String) async -> String {
    guard let run = try? await Command.run("/usr/bin/ldd", [executable]), run.status == 0 else {
      return "linking unknown"
    }
    return run.output.contains("libswiftCore")
      ? "the Swift runtime linked dynamically (a development build)"
      : "the Swift runtime linked statically, as the Debian package ships them"
  }

  private static func firstValue(in file: String, key: String, separator: Character = ":") -> String? {
    guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return nil }
    for line in text.split(separator: "\n") {
      let parts = line.split(separator: separator, maxSplits: 1)
      if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == key {
        return parts[1].trimmingCharacters(in: .whitespaces)
      }
    }
    return nil
  }
}
