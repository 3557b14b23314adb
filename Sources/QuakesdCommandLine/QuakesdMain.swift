/// quakesd's entry point, for the executable that runs it.
public enum QuakesdMain {
  /// Runs quakesd with the process's arguments; ends the process.
  public static func run() async {
    await QuakesdCommand.main()
  }
}
