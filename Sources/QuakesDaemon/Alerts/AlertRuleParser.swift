import Foundation
import QuakesData
import QuakesModel
import QuakesUSGS

/// Reads one rule of the configuration's `alerts:` (docs/alerts.md), with
/// messages that name the field and say what it takes.
enum AlertRuleParser {
  /// The fields a rule takes besides the filters.
  static let ruleFields = ["on", "magnitude-step", "max-age", "exec", "webhook", "limit", "quiet"]
  /// How long a program may run unless its channel says.
  static let defaultExecTimeout: Duration = .seconds(30)
  /// How long a webhook request may take unless its channel says.
  static let defaultWebhookTimeout: Duration = .seconds(10)

  /// A rule that cannot be used, and why.
  struct Refusal: Error {
    let message: String
    /// The rule's field it is about (`exec`, `min-magnitude`), so that the
    /// error can name that field's line; `nil` for the rule as a whole.
    let field: String?

    init(_ message: String, field: String? = nil) {
      self.message = message
      self.field = field
    }
  }

  /// The rule `name` with `value` (the YAML under its name, loaded).
  static func rule(named name: String, _ value: Any) throws(Refusal) -> ConfiguredAlertRule {
    guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-._".contains($0)) }) else {
      throw Refusal("has a name other than letters, digits, - . and _")
    }
    guard var fields = value as? [String: Any] else {
      throw Refusal("is not a map of filters, on: and channels")
    }
    let source = StructuredYAML.flow(Self.writingClockTimes(Self.hidingHeaderValues(fields)))
    let on = fields.removeValue(forKey: "on")
    let triggers = try Self.reading("on") { () throws(Refusal) in try Self.triggers(on) }
    let stepValue = fields.removeValue(forKey: "magnitude-step")
    let step = try Self.reading("magnitude-step") { () throws(Refusal) in try Self.magnitudeStep(stepValue) }
    let ageValue = fields.removeValue(forKey: "max-age")
    let maximumAge = try Self.reading("max-age") { () throws(Refusal) in try Self.maximumAge(ageValue) }
    let limitValue = fields.removeValue(forKey: "limit")
    let limit = try Self.reading("limit") { () throws(Refusal) in try Self.limit(limitValue) }
    let quietValue = fields.removeValue(forKey: "quiet")
    let (quiet, urgent) = try Self.reading("quiet") { () throws(Refusal) in try Self.quiet(quietValue) }
    let execValue = fields.removeValue(forKey: "exec")
    var channels = try Self.reading("exec") { () throws(Refusal) in
      try Self.items(execValue, isOneChannel: { $0 is String }).map { item throws(Refusal) in
        AlertChannel.exec(try Self.exec(item))
      }
    }
    let webhookValue = fields.removeValue(forKey: "webhook")
    channels += try Self.reading("webhook") { () throws(Refusal) in
      try Self.items(webhookValue, isOneChannel: { _ in false }).map { item throws(Refusal) in
        AlertChannel.webhook(try Self.webhook(item))
      }
    }
    var names = Set<String>()
    for channel in channels where !names.insert(channel.name).inserted {
      throw Refusal("names the channel \(channel.name) twice")
    }
    for field in fields.keys.sorted() where !ConfiguredFilter.names.contains(field) {
      throw Self.unknownField(field)
    }
    if let near = fields["near"] as? [String: Any], near["radius-km"] == nil {
      throw Refusal("has near without radius-km, which would match every quake (near only measures)", field: "near")
    }
    let filter = try Self.filter(fields)
    let rule = AlertRule(
      name: name, filter: filter, triggers: triggers, magnitudeStep: step, maximumAge: maximumAge,
      channels: channels.map(\.name), urgent: urgent)
    return ConfiguredAlertRule(rule: rule, channels: channels, limit: limit, quiet: quiet, source: source)
  }

  /// `body`'s value; its refusal, if any, is about `field` unless it
  /// names a field of its own.
  private static func reading<Value>(_ field: String, _ body: () throws(Refusal) -> Value) throws(Refusal) -> Value {
    do {
      return try body()
    } catch {
      throw Refusal(error.message, field: error.field ?? field)
    }
  }

  /// A field that is neither a rule field nor a filter: the nearest name
  /// that is, when one is near enough to be the likely intent.
  private static func unknownField(_ field: String) -> Refusal {
    let hint = Self.hint(field, among: Self.ruleFields + ConfiguredFilter.names)
    return Refusal(
      "has \"\(field)\", which is neither a rule field nor a filter\(hint); rule fields: "
        + "\(Self.ruleFields.joined(separator: ", ")), and the filters of quakectl list (docs/alerts.md)",
      field: field)
  }

  /// " (did you mean "NAME"?)" for the name in `names` nearest to a
  /// misspelt `field`; empty when none is near enough.
  private static func hint(_ field: String, among names: [String]) -> String {
    KeySuggestion.nearest(to: field, among: names).map { " (did you mean \"\($0)\"?)" } ?? ""
  }

  /// The rule's filter; a refusal names the filter it is about when it is
  /// about one alone (not `min-magnitude` above `max-magnitude`, say).
  private static func filter(_ fields: [String: Any]) throws(Refusal) -> QuakesQuery.Filter {
    do {
      return try ConfiguredFilter.filter(from: fields)
    } catch {
      let alone = fields.keys.sorted().first { name in
        (try? ConfiguredFilter.filter(from: [name: fields[name] ?? ""])) == nil
      }
      throw Refusal("has a filter that cannot be used: \(error.message)", field: alone)
    }
  }

  /// A clock time, `HH:MM`, in minutes after midnight. YAML 1.1 reads an
  /// unquoted `22:00` as the base-60 number 1320, which is just that; a
  /// number below 60 cannot come from such a time and is refused.
  private static func clockTime(_ value: Any) -> Int? {
    if let number = value as? Int { return (60..<1440).contains(number) ? number : nil }
    return QuietHours.minutes("\(value)")
  }

  /// `limit: {count: 5, per: 1h}`.
  private static func limit(_ value: Any?) throws(Refusal) -> AlertLimit? {
    guard let value else { return nil }
    guard let map = value as? [String: Any], Set(map.keys) == ["count", "per"],
      let count = map["count"] as? Int ?? Int("\(map["count"] ?? "")"), (1...100_000).contains(count),
      let per = map["per"]
    else {
      throw Refusal("has limit \(StructuredYAML.flow(value)); limit takes {count: 1 to 100000, per: a time such as 1h}")
    }
    return AlertLimit(count: count, period: try Self.duration(per, field: "limit per"))
  }

  /// `quiet: {from: "22:00", to: "07:00", unless: {min-magnitude: 6}, time-zone: Europe/Zurich}`.
  private static func quiet(_ value: Any?) throws(Refusal) -> (QuietHours?, QuakesQuery.Filter?) {
    guard let value else { return (nil, nil) }
    let takes = "quiet takes {from: \"HH:MM\", to: \"HH:MM\", unless: {filters}, time-zone: an IANA zone}"
    guard let map = value as? [String: Any] else { throw Refusal("has quiet that is not a map; \(takes)") }
    for key in map.keys where !["from", "to", "unless", "time-zone"].contains(key) {
      throw Refusal(
        "has quiet field \"\(key)\"\(Self.hint(key, among: ["from", "to", "unless", "time-zone"])); \(takes)")
    }
    guard let from = map["from"].flatMap(Self.clockTime), let to = map["to"].flatMap(Self.clockTime), from != to
    else {
      throw Refusal("has quiet hours without two different times HH:MM (quote them: \"22:00\"); \(takes)")
    }
    var zone = TimeZone.current
    if let name = map["time-zone"] {
      guard let named = TimeZone(identifier: "\(name)") else {
        throw Refusal("has quiet time-zone \"\(name)\", which is not an IANA time zone such as Europe/Rome")
      }
      zone = named
    }
    var urgent: QuakesQuery.Filter?
    if let unless = map["unless"] {
      guard let fields = unless as? [String: Any] else {
        throw Refusal("has quiet unless: that is not a map of filters")
      }
      do {
        urgent = try ConfiguredFilter.filter(from: fields)
      } catch {
        throw Refusal("has quiet unless: \(error.message)")
      }
    }
    return (QuietHours(from: from, to: to, timeZone: zone), urgent)
  }

  private static func triggers(_ value: Any?) throws(Refusal) -> Set<AlertTrigger> {
    guard let value else { return [.new] }
    let words = (value as? [Any] ?? [value]).map { "\($0)" }
    var triggers = Set<AlertTrigger>()
    for word in words {
      guard let trigger = AlertTrigger(rawValue: word) else {
        throw Refusal(
          "fires on \"\(word)\"; on: takes \(AlertTrigger.allCases.map(\.rawValue).joined(separator: ", "))")
      }
      triggers.insert(trigger)
    }
    guard !triggers.isEmpty else { throw Refusal("fires on nothing (on: [])") }
    return triggers
  }

  private static func magnitudeStep(_ value: Any?) throws(Refusal) -> Double {
    guard let value else { return AlertRule.defaultMagnitudeStep }
    // A whole number or a decimal as YAML loads it (never a Boolean), or text.
    let number = value as? Double ?? (value as? Int).map(Double.init) ?? (value is Bool ? nil : Double("\(value)"))
    guard let step = number, step > 0, step <= 10 else {
      throw Refusal("has magnitude-step \"\(value)\"; it takes a number above 0 and at most 10")
    }
    return step
  }

  private static func maximumAge(_ value: Any?) throws(Refusal) -> Double {
    guard let value else { return AlertRule.defaultMaximumAge }
    return try Self.duration(value, field: "max-age").seconds
  }

  private static func duration(_ value: Any, field: String) throws(Refusal) -> Duration {
    let text = "\(value)"
    guard text.contains(where: \.isLetter), let duration = DurationText.parse(text), duration > .zero else {
      throw Refusal("has \(field) \"\(text)\", which is not a time with its unit (30s, 5m, 1h)")
    }
    return duration
  }

  /// The channels of one field: a list of them, or one.
  private static func items(_ value: Any?, isOneChannel: (Any) -> Bool) -> [Any] {
    guard let value else { return [] }
    guard let list = value as? [Any] else { return [value] }
    // A list of texts is one program and its arguments.
    return list.allSatisfy(isOneChannel) ? [list] : list
  }

  private static func exec(_ value: Any) throws(Refusal) -> ExecChannel {
    var timeout = Self.defaultExecTimeout
    var commandValue = value
    if let map = value as? [String: Any] {
      for key in map.keys where !["command", "timeout"].contains(key) {
        throw Refusal(
          "has exec field \"\(key)\"\(Self.hint(key, among: ["command", "timeout"])); exec takes command: and timeout:")
      }
      guard let command = map["command"] else { throw Refusal("has an exec without command:") }
      commandValue = command
      if let value = map["timeout"] { timeout = try Self.duration(value, field: "exec timeout") }
    }
    let command = (commandValue as? [Any] ?? [commandValue]).map { "\($0)" }
    // Only the path's form is checked: whether a program is there is a
    // warning (ResolvedConfiguration.warnings), since it may be installed
    // after the configuration; a delivery to one that is not fails then.
    guard let program = command.first, program.hasPrefix("/") else {
      throw Refusal(
        "runs \"\(command.first ?? "")\"; exec takes an absolute path (no shell runs it, and no PATH is searched)")
    }
    return ExecChannel(command: command, timeout: timeout)
  }

  private static func webhook(_ value: Any) throws(Refusal) -> WebhookChannel {
    let map = value as? [String: Any] ?? ["url": value]
    let known = ["url", "secret-file", "headers", "timeout"]
    for key in map.keys where !known.contains(key) {
      throw Refusal(
        "has webhook field \"\(key)\"\(Self.hint(key, among: known)); webhook takes url:, secret-file:, headers: and timeout:"
      )
    }
    guard let url = map["url"].map({ "\($0)" }) else { throw Refusal("has a webhook without url:") }
    guard let parsed = URL(string: url), ["http", "https"].contains(parsed.scheme?.lowercased() ?? ""),
      !(parsed.host ?? "").isEmpty, !url.contains(where: { $0.isWhitespace || $0.isNewline })
    else {
      throw Refusal("has the webhook url \"\(url)\", which is not an http or https URL with a host")
    }
    let timeout = try map["timeout"].map { value throws(Refusal) in try Self.duration(value, field: "webhook timeout") }
    return WebhookChannel(
      url: url, secret: try map["secret-file"].map { path throws(Refusal) in try Self.secret("\(path)") },
      headers: try Self.headers(map["headers"]), timeout: timeout ?? Self.defaultWebhookTimeout)
  }

  /// The key in `path`, without a final line break.
  private static func secret(_ path: String) throws(Refusal) -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw Refusal("has the secret-file \(path), which quakesd cannot read")
    }
    var bytes = Array(data)
    while let last = bytes.last, last == UInt8(ascii: "\n") || last == UInt8(ascii: "\r") {
      bytes.removeLast()
    }
    guard !bytes.isEmpty else { throw Refusal("has the secret-file \(path), which is empty") }
    return bytes
  }

  private static func headers(_ value: Any?) throws(Refusal) -> [NetworkRequest.Header] {
    guard let value else { return [] }
    guard let map = value as? [String: Any] else { throw Refusal("has webhook headers that are not a map") }
    return try map.sorted { $0.key < $1.key }.map { name, value throws(Refusal) in
      let text = "\(value)"
      guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_".contains($0)) }),
        !text.contains(where: \.isNewline)
      else {
        throw Refusal("has the webhook header \"\(name)\", whose name or value cannot be sent")
      }
      return NetworkRequest.Header(name, text)
    }
  }

  /// `fields` with the secrets of webhooks hidden: their URLs cut to the
  /// origin (a hook's path is often its key) and their header values (often
  /// a token), for what `--check-config` prints and `alerts.list` shows.
  private static func hidingHeaderValues(_ fields: [String: Any]) -> [String: Any] {
    guard let webhook = fields["webhook"] else { return fields }
    func hide(_ item: Any) -> Any {
      guard var map = item as? [String: Any] else { return WebhookChannel.shownURL("\(item)") }
      if let url = map["url"] { map["url"] = WebhookChannel.shownURL("\(url)") }
      if let headers = map["headers"] as? [String: Any] { map["headers"] = headers.mapValues { _ in "(hidden)" } }
      return map
    }
    var fields = fields
    fields["webhook"] = (webhook as? [Any]).map { $0.map(hide) } ?? hide(webhook)
    return fields
  }

  /// `fields` with the quiet hours' times as `HH:MM` (YAML may have read
  /// them as numbers), for what `--check-config` prints.
  private static func writingClockTimes(_ fields: [String: Any]) -> [String: Any] {
    guard var quiet = fields["quiet"] as? [String: Any] else { return fields }
    for key in ["from", "to"] {
      if let minutes = quiet[key].flatMap(Self.clockTime) {
        quiet[key] = String(format: "%02d:%02d", minutes / 60, minutes % 60)
      }
    }
    var fields = fields
    fields["quiet"] = quiet
    return fields
  }
}
