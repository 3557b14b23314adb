import QuakesModel
public import QuakesProtocol

/// How `quakectl backfill` shows a history job to a person: a one-line
/// progress bar with windows, events and an ETA for a terminal, and a
/// summary for the end.
public enum BackfillProgress {
  /// The progress line, e.g. `[#########-----------]  45%  2 windows done,
  /// 3 planned  20,512 of 45,000 events, 20,498 written  ETA 12s`, and
  /// `waiting until 2026-11-27T06:01:08.000Z: the service answered …` while
  /// the service has asked it to wait.
  public static func line(_ job: HistoryJobResult, width: Int = 20) -> String {
    var parts: [String] = []
    if let expected = job.eventsExpected, expected > 0 {
      let fraction = min(1, max(0, Double(job.eventsFetched) / Double(expected)))
      let filled = Int((fraction * Double(width)).rounded(.down))
      parts.append(
        "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "]")
      parts.append(Self.padded("\(Int((fraction * 100).rounded(.down)))%", to: 4))
    }
    parts.append("\(Plural.count(job.windowsDone, "window")) done, \(job.windowsPending) planned")
    let expected = job.eventsExpected.map { " of \(Self.grouped($0))" } ?? ""
    let removed = job.eventsRemoved > 0 ? ", \(Self.grouped(job.eventsRemoved)) removed" : ""
    parts.append(
      "\(Self.grouped(job.eventsFetched))\(expected) \(Plural.noun("event", count: job.eventsExpected ?? job.eventsFetched)), "
        + "\(Self.grouped(job.eventsWritten)) written\(removed)")
    if job.phase == "running", let eta = job.etaSeconds {
      parts.append("ETA \(Self.duration(eta))")
    } else if job.phase != "running" {
      parts.append(job.phase)
    }
    // A wait the service asked for, so that a backfill in a 10 s backoff
    // does not look stalled.
    if job.phase == "running", let until = job.waitingUntil {
      parts.append("waiting until \(until): \(job.waitingReason ?? "the service asked to wait")")
    }
    return parts.joined(separator: "  ")
  }

  /// The closing summary, e.g. `backfill done: 45,000 events fetched in 3
  /// windows; 45,000 quakes written` or `backfill failed: <why>`.
  public static func summary(_ job: HistoryJobResult) -> String {
    var text = "\(job.kind) \(job.phase)"
    if let error = job.error { text += ": \(error)" }
    text += " (\(Plural.count(job.eventsFetched, "event", number: Self.grouped)) fetched in "
    text += "\(Plural.count(job.windowsDone, "window")); "
    text += "\(Plural.count(job.eventsWritten, "quake", number: Self.grouped)) written"
    if job.eventsRemoved > 0 { text += ", \(Self.grouped(job.eventsRemoved)) removed" }
    return text + "; \(job.since) to \(job.until), done up to \(job.cursor))"
  }

  /// `12,345`.
  static func grouped(_ number: Int) -> String {
    // An array, whose count is stored: a String's is counted each time.
    let digits = Array(String(number.magnitude))
    var text = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { text += "," }
      text.append(digit)
    }
    return number < 0 ? "-" + text : text
  }

  /// `45s`, `3m05s`, `2h07m`.
  static func duration(_ seconds: Int) -> String {
    if seconds < 60 { return "\(seconds)s" }
    if seconds < 3_600 { return "\(seconds / 60)m" + Self.padded(String(seconds % 60), to: 2, with: "0") + "s" }
    return "\(seconds / 3_600)h" + Self.padded(String(seconds / 60 % 60), to: 2, with: "0") + "m"
  }

  private static func padded(_ text: String, to width: Int, with pad: Character = " ") -> String {
    String(repeating: pad, count: max(0, width - text.count)) + text
  }
}
