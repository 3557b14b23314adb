import Testing

@testable import QuakesFDSN

/// A token bucket per client address, on a clock the test moves.
@Suite("The FDSN service's rate limit per client")
struct ClientRateLimiterTests {
  private static let start = ContinuousClock.now

  @Test("a burst of twice the rate, then the rate; the refusal says how long to wait")
  func bucket() {
    let limiter = ClientRateLimiter(rate: 2)
    #expect(limiter.burst == 4)
    for _ in 0..<4 { #expect(limiter.admit("192.0.2.1", at: Self.start) == nil) }
    #expect(limiter.admit("192.0.2.1", at: Self.start) == .milliseconds(500), "one token comes in half a second")
    #expect(limiter.admit("192.0.2.1", at: Self.start + .milliseconds(499)) == .milliseconds(2))
    #expect(limiter.admit("192.0.2.1", at: Self.start + .milliseconds(501)) == nil)
    #expect(limiter.admit("192.0.2.1", at: Self.start + .milliseconds(501)) != nil)
    #expect(limiter.admit("192.0.2.1", at: Self.start + .seconds(60)) == nil, "a minute later the bucket is full")
    for _ in 0..<3 { #expect(limiter.admit("192.0.2.1", at: Self.start + .seconds(60)) == nil) }
    #expect(limiter.admit("192.0.2.1", at: Self.start + .seconds(60)) != nil, "full is four, not more")
  }

  @Test("each address has its own bucket")
  func perClient() {
    let limiter = ClientRateLimiter(rate: 0.01)
    #expect(limiter.burst == 1)
    #expect(limiter.admit("192.0.2.1", at: Self.start) == nil)
    #expect(limiter.admit("192.0.2.1", at: Self.start) == .seconds(100))
    #expect(limiter.admit("192.0.2.2", at: Self.start) == nil)
    #expect(limiter.admit("2001:db8::1", at: Self.start) == nil)
  }

  @Test("this host's own addresses are not limited", arguments: ["127.0.0.1", "127.1.2.3", "::1", "::ffff:127.0.0.1"])
  func loopback(_ address: String) {
    let limiter = ClientRateLimiter(rate: 0.01)
    for _ in 0..<100 { #expect(limiter.admit(address, at: Self.start) == nil) }
  }

  @Test("an address that only looks like loopback is limited", arguments: ["128.0.0.1", "::2", "::ffff:10.0.0.1"])
  func notLoopback(_ address: String) {
    let limiter = ClientRateLimiter(rate: 0.01)
    #expect(limiter.admit(address, at: Self.start) == nil)
    #expect(limiter.admit(address, at: Self.start) != nil)
  }

  @Test("buckets that filled up again are forgotten once many clients came: the limiter's memory stays bounded")
  func forgetting() {
    let limiter = ClientRateLimiter(rate: 1)
    for index in 0...ClientRateLimiter.rememberedClients {
      _ = limiter.admit("10.0.\(index / 256).\(index % 256)", at: Self.start)
    }
    // An hour later every bucket is full: the next client's request drops them all.
    #expect(limiter.admit("192.0.2.9", at: Self.start + .seconds(3_600)) == nil)
    #expect(limiter.rememberedCount <= 2)
  }

  @Test("If-None-Match: a list, weak or strong, or *")
  func entityTags() {
    let tag = #"W/"abc-7""#
    #expect(FDSNEntityTag.list(#"W/"abc-7""#, matches: tag))
    #expect(FDSNEntityTag.list(#""abc-7""#, matches: tag), "weak comparison")
    #expect(FDSNEntityTag.list(#""x", W/"abc-7""#, matches: tag))
    #expect(FDSNEntityTag.list("*", matches: tag))
    #expect(!FDSNEntityTag.list(#"W/"abc-8""#, matches: tag))
    #expect(!FDSNEntityTag.list("", matches: tag))
  }
}
