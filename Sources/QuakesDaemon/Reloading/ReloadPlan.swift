/// What a reload makes of the configuration read again: the keys whose new
/// value it applies, the keys whose new value waits for a restart, and the
/// configuration the daemon then runs with.
///
/// That configuration is the new one with every key a reload does not apply
/// (``ConfigurationKey/appliesOnReload``) at the value the daemon runs
/// with, taken through the key's declaration, so that no such key can be
/// left out. The next reload compares with what the daemon really uses: a
/// key left at its new value would seem unchanged then, and its restart
/// would no longer be asked for.
struct ReloadPlan {
  /// The keys whose new value the reload applies.
  let applied: [ConfigurationKey]
  /// The keys with a new value that only a restart applies.
  let restartNeeded: [ConfigurationKey]
  /// What the daemon runs with after the reload.
  let configuration: DaemonConfiguration

  /// The plan for going from `running` to `loaded`, the configuration read again.
  init(running: DaemonConfiguration, loaded: DaemonConfiguration) {
    let changed = ConfigurationKey.allCases.filter {
      $0.declaration.formattedValue(running) != $0.declaration.formattedValue(loaded)
    }
    self.applied = changed.filter(\.appliesOnReload)
    self.restartNeeded = changed.filter { !$0.appliesOnReload }
    var configuration = loaded
    for key in ConfigurationKey.allCases where !key.appliesOnReload {
      key.declaration.keepRunningValue(running, &configuration)
    }
    self.configuration = configuration
  }
}
