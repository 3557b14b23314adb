/// quakesd's entry points, for the executables that run it: `quakesd`, and
/// the multi-call binary the Debian package installs as both programs.
public enum QuakesdMain {
  /// Runs quakesd with the process's arguments; ends the process.
  public static func run() async {
    await QuakesdCommand.main()
  }

  /// For the multi-call binary run as another program: the stop signals
  /// quakesd catches from the process's first instruction (CStopSignals)
  /// get their default actions back, and any that came are delivered.
  public static func releaseStopSignals() {
    StopSignals.release()
  }
}
