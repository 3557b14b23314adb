/// Starts a ``USGSStandIn``, runs `body` with it, and shuts it down, whether
/// `body` returns or throws.
///
/// ```swift
/// try await withUSGSStandIn { standIn in
///   standIn.setFeed("all_day", body: feedJSON)
///   let catalogue = try USGSFeedCatalogue(baseURL: standIn.baseURL)
///   …
/// }
/// ```
public func withUSGSStandIn<Result>(
  host: String = "127.0.0.1",
  port: Int = 0,
  basePath: String = USGSStandIn.defaultBasePath,
  isolation: isolated (any Actor)? = #isolation,
  _ body: (USGSStandIn) async throws -> sending Result
) async throws -> sending Result {
  let standIn = try await USGSStandIn.start(host: host, port: port, basePath: basePath)
  do {
    let result = try await body(standIn)
    await standIn.shutdown()
    return result
  } catch {
    await standIn.shutdown()
    throw error
  }
}
