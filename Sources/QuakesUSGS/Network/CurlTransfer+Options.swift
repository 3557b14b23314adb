import CCurl
import Glibc

extension CurlTransfer {
  /// Sets every option of the easy handle for `request`.
  func configure(for request: NetworkRequest) throws(NetworkError) {
    let configuration = self.configuration
    try self.set(CURLOPT_URL, request.url)
    if let body = request.body {
      try self.set(CURLOPT_POST, 1)
      try self.check(
        quakes_curl_setopt_off_t(self.handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count)),
        option: "CURLOPT_POSTFIELDSIZE_LARGE")
      // libcurl copies the bytes: the request may go away before the transfer ends.
      let copied = body.withUnsafeBytes { bytes in
        quakes_curl_setopt_pointer(
          self.handle, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: bytes.baseAddress))
      }
      try self.check(copied, option: "CURLOPT_COPYPOSTFIELDS")
    } else {
      try self.set(CURLOPT_HTTPGET, 1)
    }
    // Signals are for single-threaded programs; timeouts must not use them here.
    try self.set(CURLOPT_NOSIGNAL, 1)
    // Any encoding this libcurl decodes (gzip, deflate, br, zstd): advertised, then decoded.
    try self.set(CURLOPT_ACCEPT_ENCODING, "")
    try self.set(CURLOPT_USERAGENT, configuration.userAgent)
    // Redirects: followed, bounded, and never to another protocol (file://, …).
    // None allowed: the 3xx itself is the answer (a webhook reports it).
    try self.set(CURLOPT_FOLLOWLOCATION, configuration.maximumRedirects > 0 ? 1 : 0)
    try self.set(CURLOPT_MAXREDIRS, max(0, configuration.maximumRedirects))  // -1 would mean "unbounded"
    try self.set(CURLOPT_PROTOCOLS_STR, "http,https")
    try self.set(CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
    // Proxies come from the environment (http_proxy, https_proxy, no_proxy),
    // as in every libcurl program; the loopback interface is never proxied.
    try self.set(CURLOPT_NOPROXY, Self.noProxy)
    // TLS: libcurl verifies by default; say so, so that no default can change it.
    try self.set(CURLOPT_SSL_VERIFYPEER, 1)
    try self.set(CURLOPT_SSL_VERIFYHOST, 2)
    // At least 1 ms: 0 would mean "no timeout" to libcurl.
    try self.set(CURLOPT_CONNECTTIMEOUT_MS, max(1, Phrase.milliseconds(configuration.connectTimeout)))
    try self.set(CURLOPT_TIMEOUT_MS, max(1, Phrase.milliseconds(configuration.totalTimeout)))
    // The cap, refused up front when the Content-Length announces more; the
    // write callback enforces it while the (decoded) body arrives.
    try self.check(
      quakes_curl_setopt_off_t(
        self.handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(max(1, configuration.maximumResponseSize))),
      option: "CURLOPT_MAXFILESIZE_LARGE")
    try self.check(
      quakes_curl_setopt_pointer(self.handle, CURLOPT_ERRORBUFFER, self.errorBuffer), option: "CURLOPT_ERRORBUFFER")
    try self.setCallbacks()
    try self.setConditionalHeaders(for: request)
  }

  /// The environment's `no_proxy` list plus the loopback names (setting
  /// `CURLOPT_NOPROXY` replaces the environment's list, so it is carried over).
  private static let noProxy: String = {
    let loopback = "localhost,127.0.0.1,::1"
    guard let value = getenv("no_proxy") ?? getenv("NO_PROXY") else { return loopback }
    let inherited = String(cString: value)
    // `*` alone means "no proxy at all", and only alone.
    return inherited.isEmpty ? loopback : inherited == "*" ? inherited : inherited + "," + loopback
  }()

  private func setCallbacks() throws(NetworkError) {
    let userdata = Unmanaged.passUnretained(self).toOpaque()
    try self.check(
      quakes_curl_setopt_write_function(self.handle) { data, size, count, userdata in
        guard let userdata else { return 0 }
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(userdata).takeUnretainedValue()
        return transfer.receive(body: UnsafeRawBufferPointer(start: data, count: size * count))
      },
      option: "CURLOPT_WRITEFUNCTION")
    try self.check(quakes_curl_setopt_pointer(self.handle, CURLOPT_WRITEDATA, userdata), option: "CURLOPT_WRITEDATA")
    try self.check(
      quakes_curl_setopt_header_function(self.handle) { data, size, count, userdata in
        guard let userdata else { return 0 }
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(userdata).takeUnretainedValue()
        return transfer.receive(headerLine: UnsafeRawBufferPointer(start: data, count: size * count))
      },
      option: "CURLOPT_HEADERFUNCTION")
    try self.check(quakes_curl_setopt_pointer(self.handle, CURLOPT_HEADERDATA, userdata), option: "CURLOPT_HEADERDATA")
  }

  /// `If-None-Match` and `If-Modified-Since`, and the request's own fields
  /// (a POST's also turn off `Expect: 100-continue`, which would wait for a
  /// server that may never answer it). A value with a line break could
  /// smuggle in another header; it is left out (the request is then simply
  /// less conditional).
  private func setConditionalHeaders(for request: NetworkRequest) throws(NetworkError) {
    var fields = [("If-None-Match", request.ifNoneMatch), ("If-Modified-Since", request.ifModifiedSince)]
    fields += request.headers.map { ($0.name, $0.value) }
    if request.body != nil {
      fields.append(("Expect", ""))
    }
    for case (let name, let value?) in fields
    where (!value.isEmpty || name == "Expect") && !value.contains(where: \.isNewline)
      && !name.contains(where: { $0.isNewline || $0 == ":" })
    {
      // libcurl sends "Name;" as an empty field and "Name:" as no field at all.
      let line = value.isEmpty ? "\(name):" : "\(name): \(value)"
      guard let list = curl_slist_append(self.requestHeaders, line) else {
        throw NetworkError(kind: .setup, url: self.url, detail: "curl_slist_append failed")
      }
      self.requestHeaders = list
    }
    if let requestHeaders = self.requestHeaders {
      try self.check(
        quakes_curl_setopt_pointer(self.handle, CURLOPT_HTTPHEADER, requestHeaders), option: "CURLOPT_HTTPHEADER")
    }
  }

  private func set(_ option: CURLoption, _ value: Int) throws(NetworkError) {
    try self.check(quakes_curl_setopt_long(self.handle, option, value), option: "option \(option.rawValue)")
  }

  private func set(_ option: CURLoption, _ value: String) throws(NetworkError) {
    try self.check(quakes_curl_setopt_string(self.handle, option, value), option: "option \(option.rawValue)")
  }

  private func check(_ code: CURLcode, option: String) throws(NetworkError) {
    guard code == CURLE_OK else {
      throw NetworkError(kind: .setup, url: self.url, detail: "\(option): \(String(cString: curl_easy_strerror(code)))")
    }
  }
}
