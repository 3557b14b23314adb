public import QuakesModel

/// One rule of the configuration's `alerts:` as the listener evaluates it:
/// which quakes (`filter`), which changes of them (`triggers`), and the
/// names of the channels its firings are delivered to.
///
/// The channels themselves (a program, a webhook) are the daemon's: the
/// listener only writes one delivery per channel name beside each firing.
public struct AlertRule: Hashable, Sendable {
  /// The rule's name, unique in the configuration (the key under `alerts:`).
  public var name: String
  /// Which quakes the rule is about (every `quakes.list` filter).
  public var filter: QuakesQuery.Filter
  /// What the rule fires on.
  public var triggers: Set<AlertTrigger>
  /// The least change of magnitude, either way, that counts as an upgrade.
  public var magnitudeStep: Double
  /// A quake new in the cache whose origin time is older than this, in
  /// seconds, when it is first seen is recorded, not announced: the first
  /// load of an empty cache, or a restart after a long stop, does not flood.
  public var maximumAge: Double
  /// The names of the channels each firing goes to, e.g. `exec:/usr/local/bin/notify`.
  public var channels: [String]
  /// The quakes that go out even in the rule's quiet hours (`quiet: unless:`);
  /// `nil` when the rule has none, or no quiet hours.
  public var urgent: QuakesQuery.Filter?

  /// The default ``magnitudeStep``.
  public static let defaultMagnitudeStep = 0.3
  /// The default ``maximumAge``: one hour.
  public static let defaultMaximumAge: Double = 3600

  /// Creates a rule; by default it fires on ``AlertTrigger/new`` only.
  public init(
    name: String,
    filter: QuakesQuery.Filter = QuakesQuery.Filter(),
    triggers: Set<AlertTrigger> = [.new],
    magnitudeStep: Double = Self.defaultMagnitudeStep,
    maximumAge: Double = Self.defaultMaximumAge,
    channels: [String] = [],
    urgent: QuakesQuery.Filter? = nil
  ) {
    self.name = name
    self.filter = filter
    self.triggers = triggers
    self.magnitudeStep = magnitudeStep
    self.maximumAge = maximumAge
    self.channels = channels
    self.urgent = urgent
  }
}
