import CCurl

/// libcurl's process-wide state: `curl_global_init` runs once, before the
/// first handle is made, whichever thread gets there first.
enum CurlGlobal {
  /// Whether `curl_global_init` succeeded; evaluated once (Swift runs a global
  /// `static let` initializer exactly once, thread-safely).
  static let isInitialized: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK

  /// The version of the libcurl the process loaded, e.g. `7.88.1`.
  static let libcurlVersion: String? = {
    guard let version = quakes_curl_version_number() else { return nil }
    return String(cString: version)
  }()
}
