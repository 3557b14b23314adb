public import QuakesModel

extension QuakesdProduct {
  /// The default `User-Agent`: `quakesd/<version>`, the homepage when there is
  /// one, and the libcurl version (e.g. `quakesd/0.1.0-dev libcurl/7.88.1`).
  /// It lives here, not with the version, because it asks libcurl.
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
