import CCurl
import Glibc

extension CurlTransfer {
  /// The ``NetworkError`` for libcurl's `code`, told apart with what the
  /// handle knows (the socket's errno, whether a connection was made, whether
  /// the cap stopped the body).
  func error(for code: CURLcode) -> NetworkError {
    var status = 0
    quakes_curl_getinfo_long(self.handle, CURLINFO_RESPONSE_CODE, &status)
    return NetworkError(
      kind: self.kind(of: code), url: self.url, detail: self.libcurlMessage(for: code),
      status: (100..<600).contains(status) ? status : nil)
  }

  private func kind(of code: CURLcode) -> NetworkError.Kind {
    switch code {
    case CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT:
      return .invalidURL
    case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
      return .hostNotFound
    case CURLE_COULDNT_CONNECT:
      var osError = 0
      quakes_curl_getinfo_long(self.handle, CURLINFO_OS_ERRNO, &osError)
      return osError == Int(ECONNREFUSED) ? .connectionRefused : .cannotConnect
    case CURLE_OPERATION_TIMEDOUT:
      // A request went out only over a connection (new or reused): then the
      // server was slow, else the connection never came.
      var requestSize = 0
      quakes_curl_getinfo_long(self.handle, CURLINFO_REQUEST_SIZE, &requestSize)
      return requestSize > 0
        ? .timedOut(limit: self.configuration.totalTimeout)
        : .connectTimedOut(limit: min(self.configuration.connectTimeout, self.configuration.totalTimeout))
    case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
      CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ENGINE_NOTFOUND, CURLE_SSL_ENGINE_SETFAILED, CURLE_SSL_ENGINE_INITFAILED,
      CURLE_SSL_SHUTDOWN_FAILED, CURLE_SSL_CRL_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
      CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CLIENTCERT, CURLE_USE_SSL_FAILED:
      return .tls
    case CURLE_PARTIAL_FILE:
      return .truncated
    case CURLE_FILESIZE_EXCEEDED:
      return .tooLarge(limit: self.configuration.maximumResponseSize)
    case CURLE_WRITE_ERROR where self.exceededCap:
      return .tooLarge(limit: self.configuration.maximumResponseSize)
    case CURLE_TOO_MANY_REDIRECTS:
      return .tooManyRedirects(limit: self.configuration.maximumRedirects)
    case CURLE_GOT_NOTHING:
      return .emptyReply
    case CURLE_RECV_ERROR, CURLE_SEND_ERROR:
      return .connectionLost
    case CURLE_BAD_CONTENT_ENCODING:
      return .badContentEncoding
    case CURLE_WEIRD_SERVER_REPLY, CURLE_HTTP2, CURLE_HTTP2_STREAM, CURLE_HTTP3:
      return .invalidResponse
    case CURLE_OUT_OF_MEMORY, CURLE_FAILED_INIT, CURLE_NOT_BUILT_IN, CURLE_UNKNOWN_OPTION:
      return .setup
    default:
      return .other(code: Int(code.rawValue))
    }
  }

  /// libcurl's message: its error buffer when it wrote one, else the generic
  /// text of `code`; nothing when the write callback stopped the body at the
  /// cap (libcurl would say "Failure writing output to destination").
  private func libcurlMessage(for code: CURLcode) -> String {
    if code == CURLE_WRITE_ERROR, self.exceededCap {
      return ""
    }
    let buffer = String(cString: self.errorBuffer)
    return buffer.isEmpty ? String(cString: curl_easy_strerror(code)) : buffer
  }
}
