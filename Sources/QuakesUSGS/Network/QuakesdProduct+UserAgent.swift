public import QuakesModel

extension QuakesdProduct {
  /// The default `User-Agent`: `quakesd/<version>`, the homepage when there is
  /// one, and the libcurl version (e.g. `quakesd/0.1.0-dev libcurl/7.88.1`).
  /// It lives here, not with the version, because it asks libcurl.
  public static var userAgent: String { self.userAgent(contact: nil) }

  /// The `User-Agent` with the operator's `contact` (the `contact` key: a
  /// URL where USGS can reach whoever runs this quakesd) in place of the
  /// homepage, as `(+URL)`: `quakesd/0.1.0 (+mailto:ops@example.org) libcurl/7.88.1`.
  public static func userAgent(contact: String?) -> String {
    var agent = "\(Self.name)/\(Self.version)"
    if let reach = contact ?? Self.homepage {
      agent += " (+\(reach))"
    }
    if let curl = CurlGlobal.libcurlVersion {
      agent += " libcurl/\(curl)"
    }
    return agent
  }
}
