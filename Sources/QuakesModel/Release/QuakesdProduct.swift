/// The product's name and version, as `quakesd --version`, `quakectl
/// --version`, `daemon.info`, `quakes.status`, `--check-config` and every HTTP
/// request to USGS (its `User-Agent`) report them.
///
/// One constant, in the module both programs link, so that none of them can
/// disagree: quakectl and quakesd are released together.
public enum QuakesdProduct {
  /// The product's name.
  public static let name = "quakesd"

  /// The release version (semantic versioning).
  public static let version = "0.1.0-dev"

  /// Where operators of a feed server can learn what is polling them; `nil`
  /// until the project has a public home. When set, the `User-Agent` carries
  /// it as `(+URL)`, the convention crawlers use.
  public static let homepage: String? = nil
}
