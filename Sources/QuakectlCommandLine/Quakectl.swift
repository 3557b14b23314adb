import ArgumentParser
import FoundationEssentials
import QuakesClient

/// `quakectl`: the control CLI of quakesd.
struct Quakectl: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "quakectl",
    abstract: "Query and control quakesd, the local USGS earthquake cache.",
    discussion: """
      Read-only commands (status, health, info, count, list, show, export, watch, metrics) use quakesd's query.sock; refresh, delete,
      purge, reload, backup and backfill (but not backfill --status) use control.sock (root and group quakes). Sockets: --socket, else QUAKESD_SOCKET, else /run/quakesd/,
      $XDG_RUNTIME_DIR/quakesd/ or /tmp/quakesd-UID/.

      Exit status: 0 ok, 1 failure (health: unhealthy), 2 usage, 3 timeout, 4 permission denied, 7 quakesd not running,
      9 protocol version mismatch, 10 not found.
      """,
    version: QuakectlVersion.text,
    subcommands: [
      StatusCommand.self, HealthCommand.self, InfoCommand.self, CountCommand.self, ListCommand.self, ShowCommand.self,
      ExportCommand.self, WatchCommand.self, RefreshCommand.self, DeleteCommand.self, PurgeCommand.self,
      ReloadCommand.self, BackupCommand.self, MetricsCommand.self, AlertsCommand.self, BackfillCommand.self,
    ]
  )
}
