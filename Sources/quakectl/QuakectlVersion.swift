import QuakesProtocol

/// The version quakectl reports, and the protocol it speaks.
enum QuakectlVersion {
  /// quakectl's own version (released with quakesd).
  static let number = "0.1.0-dev"
  /// `--version`.
  static let text = "quakectl \(number) (protocol \(WireProtocol.version))"
}
