import QuakesModel
import QuakesProtocol

/// What `quakectl --version` prints: the release it came with (quakectl is
/// released with quakesd, so it is quakesd's version) and the protocol it speaks.
enum QuakectlVersion {
  /// `--version`.
  static let text = "quakectl \(QuakesdProduct.version) (protocol \(WireProtocol.version))"
}
