/// The product's name and version, as the daemon reports them and as every
/// HTTP request to USGS announces them in its `User-Agent`.
///
/// One constant so that `quakesd --version`, `daemon.info` and the
/// `User-Agent` cannot disagree.
public enum QuakesdProduct {
  /// The product's name.
  public static let name = "quakesd"

  /// The release version (semantic versioning).
  public static let version = "0.1.0-dev"

  /// Where operators of a feed server can learn what is polling them; `nil`
  /// until the project has a public home. When set, the `User-Agent` carries
  /// it as `(+URL)`, the convention crawlers use.
  public static let homepage: String? = nil

  /// The default `User-Agent`: `quakesd/<version>`, the homepage when there is
  /// one, and the libcurl version (e.g. `quakesd/0.1.0-dev libcurl/7.88.1`).
  public static var userAgent: String {
    var agent = "\(Self.name)/\(Self.version)"
    if let homepage = Self.homepage {
      agent += " (+\(homepage))"
    }
    if let curl = CurlGlobal.libcurlVersion {
      agent += " libcurl/\(curl)"
    }
    return agent
  }
}
