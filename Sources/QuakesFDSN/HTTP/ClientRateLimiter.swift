import Synchronization

/// A request rate per client address, as a token bucket each: a client may
/// send ``burst`` requests at once and ``rate`` a second after that; one
/// beyond is refused with the time until the next would be admitted. A
/// client on the loopback address is not limited (the host's own tools).
///
/// Time is a parameter (`at:`), so tests drive it without waiting. Buckets
/// that filled up again are forgotten once more than ``rememberedClients``
/// are kept, so addresses that come and go cost no memory for long.
package final class ClientRateLimiter: Sendable {
  /// The requests a client may send a second, sustained.
  package let rate: Double
  /// The requests a client may send at once.
  package let burst: Double
  /// How many clients' buckets are kept before the full ones are dropped.
  static let rememberedClients = 4_096

  private struct Bucket {
    var tokens: Double
    var updated: ContinuousClock.Instant
  }

  private let buckets = Mutex<[String: Bucket]>([:])

  /// A limit of `rate` requests a second (more than 0), in bursts of twice
  /// that (at least one request).
  package init(rate: Double) {
    self.rate = rate
    self.burst = max(1, (rate * 2).rounded(.down))
  }

  /// Whether a request of `client` (an IP address's text) at `instant` is
  /// admitted: `nil` if so, else how long until the next one would be.
  package func admit(_ client: String, at instant: ContinuousClock.Instant) -> Duration? {
    guard !Self.isLoopback(client) else { return nil }
    return self.buckets.withLock { buckets in
      if buckets.count > Self.rememberedClients {
        buckets = buckets.filter { self.tokens(of: $0.value, at: instant) < self.burst }
      }
      var bucket = buckets[client] ?? Bucket(tokens: self.burst, updated: instant)
      bucket.tokens = self.tokens(of: bucket, at: instant)
      bucket.updated = instant
      guard bucket.tokens >= 1 else {
        buckets[client] = bucket
        return .milliseconds(Int64(((1 - bucket.tokens) / self.rate * 1_000).rounded(.up)))
      }
      bucket.tokens -= 1
      buckets[client] = bucket
      return nil
    }
  }

  /// The tokens in `bucket` at `instant`: what it had, and what came since.
  private func tokens(of bucket: Bucket, at instant: ContinuousClock.Instant) -> Double {
    let elapsed = max(Duration.zero, instant - bucket.updated)
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    return min(self.burst, bucket.tokens + seconds * self.rate)
  }

  /// How many clients' buckets are kept now.
  var rememberedCount: Int { self.buckets.withLock { $0.count } }

  /// Whether `address` is this host's own: 127.0.0.0/8, `::1`, or either
  /// as an IPv4-mapped IPv6 address.
  static func isLoopback(_ address: String) -> Bool {
    let bare = address.hasPrefix("::ffff:") ? String(address.dropFirst(7)) : address
    return bare == "::1" || bare.hasPrefix("127.")
  }
}
