import Foundation

/// A running process's memory as `/proc/PID/status` reports it, in MiB:
/// resident now (`VmRSS`) and its peak so far (`VmHWM`).
struct ProcessMemory {
  let resident: Double
  let peak: Double

  init(of pid: pid_t) throws {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else {
      throw MeasuredRun.Failure(description: "cannot read /proc/\(pid)/status")
    }
    func kibibytes(_ key: String) -> Double {
      let line = text.split(separator: "\n").first { $0.hasPrefix(key + ":") } ?? ""
      return Double(line.split(separator: " ").dropFirst().first ?? "") ?? .nan
    }
    self.resident = kibibytes("VmRSS") / 1_024
    self.peak = kibibytes("VmHWM") / 1_024
  }
}
