import Foundation

extension SharedStoreBenchmark {
  /// docs/benchmarks-shared.md: each goal of issue 35 beside its figure.
  func report(writes: WriteFigures, lag: Samples, queries: [QueryFigures]) -> String {
    var lines = [
      "# A store shared on PostgreSQL: benchmarks",
      "",
      "`make bench` writes this file (`quakes-bench shared --rounds \(self.rounds) --batch \(self.batch)`), "
        + "from issue 35's goals. Times in milliseconds: median (minimum–maximum) unless a percentile is named.",
      "",
      "Each part runs on a throwaway PostgreSQL cluster on 127.0.0.1 that syncs every commit (`fsync` and "
        + "`synchronous_commit` on, as a server in service; the tests' clusters run with `fsync=off`), with "
        + "quakesd's own store code.",
      "",
      "## Leader write of a batch",
      "",
      "The same \(self.batch) new quakes, then the same quakes again as updates, written by each store in one "
        + "process, \(self.rounds) rounds after one unmeasured; the stores take turns. PostgreSQL's is a leader's "
        + "fenced transaction (the lease checked, the change head moved, the rows' change noted); SQLite's is the "
        + "single-host store's, its WAL at the default `synchronous=FULL`. Both sync each commit. SQLite's write "
        + "does more: it also keeps the R*Tree of epicentres and the full-text index of places, which the "
        + "PostgreSQL store does not have (docs/schema.md). Goal: PostgreSQL ≤ 2× SQLite.",
      "",
    ]
    var table = MarkdownTable("write", "PostgreSQL", "SQLite", "ratio (medians)", "goal ≤ 2×")
    for (title, postgres, sqlite) in [
      ("\(self.batch) inserted", writes.postgresInserts, writes.sqliteInserts),
      ("\(self.batch) updated", writes.postgresUpdates, writes.sqliteUpdates),
    ] {
      let ratio = postgres.median / sqlite.median
      table.add(
        title, postgres.text(1), sqlite.text(1), String(format: "%.2f×", ratio), ratio <= 2 ? "met" : "**not met**")
    }
    lines += [table.text, ""]
    lines += [
      "## Follower lag",
      "",
      "A leader and a follower, real quakesd on the store, a `quakes.watch` on the follower; the stand-in for "
        + "USGS serves \(self.catalogueSize) quakes and one more each round, and the leader is asked to poll "
        + "(\(self.lagRounds) rounds). The lag is from the leader's commit (`quakesd_head.committed_at`, by the "
        + "server's clock, which is this host's) to the follower's watcher getting the change: the NOTIFY, the "
        + "follower's read of the change, its reduction, the watch line. Goal: p99 ≤ 1,000 ms.",
      "",
    ]
    var lagTable = MarkdownTable("p50", "p99", "max", "goal p99 ≤ 1,000 ms")
    let p99 = lag.percentile(0.99)
    lagTable.add(
      String(format: "%.1f", lag.percentile(0.5)), String(format: "%.1f", p99), String(format: "%.1f", lag.maximum),
      p99 <= 1_000 ? "met" : "**not met**")
    lines += [lagTable.text, "", "Every round: \(lag.raw(1)).", ""]
    lines += [
      "## Queries of the leader and of a follower",
      "",
      "The same questions of both, in turn, each on one open connection to `query.sock`, with an `until` of its "
        + "own (so no cached answer serves it), after three unmeasured. Both answer from the same store. "
        + "Goal: the follower as fast as the leader.",
      "",
    ]
    var queryTable = MarkdownTable("question", "leader p50 / p99", "follower p50 / p99", "follower ÷ leader (p50)")
    for figures in queries {
      queryTable.add(
        figures.title,
        String(format: "%.2f / %.2f", figures.leader.median, figures.leader.percentile(0.99)),
        String(format: "%.2f / %.2f", figures.follower.median, figures.follower.percentile(0.99)),
        String(format: "%.2f×", figures.follower.median / figures.leader.median))
    }
    lines += [queryTable.text, ""]
    #if DEBUG
      lines.append("quakesd and quakes-bench: **debug build** (figures are not representative).")
    #else
      lines.append("quakesd and quakes-bench: release build.")
    #endif
    lines.append(
      "Machine: \(ProcessInfo.processInfo.activeProcessorCount) logical CPUs; the cluster, both quakesd and the "
        + "benchmark share them.")
    return lines.joined(separator: "\n") + "\n"
  }
}
