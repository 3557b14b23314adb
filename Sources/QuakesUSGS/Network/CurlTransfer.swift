import CCurl
import Synchronization

/// One GET on a libcurl easy handle: its options, what it has received, and
/// the continuation of the task waiting for it.
///
/// Ownership moves once: the calling task creates and configures it, then
/// hands it to ``CurlMultiLoop`` with ``start(on:continuation:)``; from then
/// on only the loop's thread touches its handle and buffers (libcurl calls
/// the callbacks there too), until it resumes the continuation. Only
/// ``requestCancellation()`` may be called from any thread. Hence
/// `@unchecked Sendable`.
final class CurlTransfer: @unchecked Sendable {
  /// The easy handle (`CURL *`).
  let handle: UnsafeMutableRawPointer
  /// The URL requested, for error messages.
  let url: String
  /// The limits the transfer runs under.
  let configuration: CurlNetworkSession.Configuration

  /// The request headers (`If-None-Match`, …), alive as long as the handle.
  var requestHeaders: UnsafeMutablePointer<curl_slist>?
  /// libcurl's message about a failure (`CURLOPT_ERRORBUFFER`).
  let errorBuffer: UnsafeMutablePointer<CChar>

  private let cancelled = Atomic<Bool>(false)
  private var continuation: CheckedContinuation<NetworkResponse, any Error>?

  /// The status line of the last response received (redirects start a new one).
  private var statusLine = ""
  /// The headers of the last response received, names lowercased.
  private var headers: [String: String] = [:]
  /// The decoded body received so far.
  private var body: [UInt8] = []
  /// Whether the body outgrew the cap (the write callback then refused it).
  private(set) var exceededCap = false

  /// Creates and configures a transfer for `request`.
  init(request: NetworkRequest, configuration: CurlNetworkSession.Configuration) throws(NetworkError) {
    guard CurlGlobal.isInitialized, let handle = curl_easy_init() else {
      throw NetworkError(kind: .setup, url: request.url, detail: "curl_easy_init failed")
    }
    self.handle = handle
    self.url = request.url
    self.configuration = configuration
    self.errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
    self.errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
    try self.configure(for: request)
  }

  deinit {
    curl_easy_cleanup(self.handle)
    curl_slist_free_all(self.requestHeaders)
    self.errorBuffer.deallocate()
  }

  /// Hands the transfer to `loop`, which resumes `continuation` exactly once:
  /// with the response, a ``NetworkError``, or `CancellationError`.
  func start(on loop: CurlMultiLoop, continuation: CheckedContinuation<NetworkResponse, any Error>) {
    self.continuation = continuation
    loop.submit(self)
  }

  /// Asks for the transfer to stop; the loop notices when woken. Any thread.
  func requestCancellation() {
    self.cancelled.store(true, ordering: .releasing)
  }

  /// Whether ``requestCancellation()`` was called.
  var isCancelled: Bool {
    self.cancelled.load(ordering: .acquiring)
  }
}

// MARK: On the loop's thread

extension CurlTransfer {
  /// Resumes the waiting task with the outcome of libcurl's `code`.
  func complete(with code: CURLcode) {
    if code == CURLE_OK {
      self.resume(with: .success(self.response()))
    } else {
      self.resume(with: .failure(self.error(for: code)))
    }
  }

  /// Resumes the waiting task with `error`.
  func complete(throwing error: any Error) {
    self.resume(with: .failure(error))
  }

  private func resume(with result: Result<NetworkResponse, any Error>) {
    guard let continuation = self.continuation else { return }
    self.continuation = nil
    continuation.resume(with: result)
  }

  private func response() -> NetworkResponse {
    var status = 0
    quakes_curl_getinfo_long(self.handle, CURLINFO_RESPONSE_CODE, &status)
    var effectiveURL: UnsafePointer<CChar>?
    quakes_curl_getinfo_string(self.handle, CURLINFO_EFFECTIVE_URL, &effectiveURL)
    return NetworkResponse(
      url: effectiveURL.map { String(cString: $0) } ?? self.url,
      status: status,
      statusLine: self.statusLine.isEmpty ? "HTTP \(status)" : self.statusLine,
      headers: self.headers,
      body: self.body)
  }

  /// The write callback's work: keeps `bytes` unless the body would outgrow
  /// the cap. Returns how many bytes were taken (fewer stops the transfer).
  func receive(body bytes: UnsafeRawBufferPointer) -> Int {
    guard self.body.count + bytes.count <= self.configuration.maximumResponseSize else {
      self.exceededCap = true
      return 0
    }
    if self.body.isEmpty {
      self.reserveAnnouncedLength()
    }
    self.body.append(contentsOf: bytes)
    return bytes.count
  }

  /// The header callback's work: one header line (or a status line, which
  /// starts a new response after a redirect or a `100 Continue`).
  func receive(headerLine bytes: UnsafeRawBufferPointer) -> Int {
    let line = String(decoding: bytes, as: UTF8.self).trimmingHTTPWhitespace()
    if line.hasPrefix("HTTP/") {
      self.statusLine = line
      self.headers = [:]
    } else if let colon = line.firstIndex(of: ":") {
      let name = line[..<colon].lowercased()
      let value = String(line[line.index(after: colon)...]).trimmingHTTPWhitespace()
      if let existing = self.headers[name] {
        self.headers[name] = existing + ", " + value
      } else {
        self.headers[name] = value
      }
    }
    return bytes.count
  }

  /// Reserves the body's announced length (when it is not content-encoded,
  /// so the length is that of the decoded body) up to the cap, so a large
  /// feed is not copied as its buffer grows.
  private func reserveAnnouncedLength() {
    guard self.headers["content-encoding"] == nil,
      let length = self.headers["content-length"].flatMap({ Int($0) }), length > 0
    else { return }
    self.body.reserveCapacity(min(length, self.configuration.maximumResponseSize))
  }
}

extension String {
  /// The string without leading and trailing spaces, tabs, CR and LF.
  fileprivate func trimmingHTTPWhitespace() -> String {
    let isWhitespace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" }
    guard let first = self.firstIndex(where: { !isWhitespace($0) }),
      let last = self.lastIndex(where: { !isWhitespace($0) })
    else { return "" }
    return String(self[first...last])
  }
}
