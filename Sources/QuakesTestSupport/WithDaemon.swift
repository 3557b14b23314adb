public import USGSStandIn

/// Runs `body` against a real quakesd polling `all_day` from a USGS stand-in
/// that serves `ids` (``SyntheticFeed``, dated by `generated`), once its
/// first poll was written; stops both after, also when `body` throws.
/// `environment` is added to ``QuakesdProcess/environment(adding:)``.
public func withDaemon(
  serving ids: [String],
  generated: Int64 = SyntheticFeed.generated,
  arguments: [String] = [],
  environment: [String: String] = [:],
  _ body: (QuakesdProcess, USGSStandIn) async throws -> Void
) async throws {
  try await withDaemon(
    servingFeed: Array(SyntheticFeed.body(ids: ids, generated: generated).utf8), arguments: arguments,
    environment: environment, body)
}

/// Runs `body` against a real quakesd polling `all_day` from a USGS stand-in
/// that serves `feed` (a real feed's bytes, say), once its first poll was
/// written; stops both after, also when `body` throws.
public func withDaemon(
  servingFeed feed: [UInt8],
  arguments: [String] = [],
  environment: [String: String] = [:],
  _ body: (QuakesdProcess, USGSStandIn) async throws -> Void
) async throws {
  let directory = try TemporaryDirectory()
  defer { directory.remove() }
  try await withUSGSStandIn { standIn in
    standIn.setFeed("all_day", body: feed)
    try await withQuakesd(
      in: directory, arguments: ["--feed-base-url", standIn.baseURL, "--feed", "all_day"] + arguments,
      environment: QuakesdProcess.environment(adding: environment)
    ) { daemon in
      try await daemon.child.waitForLine { $0.contains("polled all_day: ") }
      try await body(daemon, standIn)
    }
  }
}
