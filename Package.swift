// swift-tools-version: 6.2
//
// quakesd keeps a local, queryable cache of the USGS earthquake catalogue;
// quakectl is its control CLI. The module graph follows the data flow:
//
//   QuakesModel (the values: Quake and its JSON shape, feeds, timestamps, the list query)
//     ← QuakesProtocol (the NDJSON wire format shared by quakesd and quakectl)
//       ← QuakesClient (socket discovery, the NDJSON client, output formats)
//         ← QuakectlCommandLine (the CLI's commands) ← quakectl
//     ← QuakesData (domain: state, reducer, listener), also on ImmutableData (generic store)
//       ← QuakesSQLite (the SQLite local store)
//       ← QuakesPostgres (the PostgreSQL store for more than one host: local store, schema, leader lease, fenced writes)
//       ← QuakesUSGS (the USGS remote store: feeds, libcurl via CCurl, GeoJSON decoding)
//       ← QuakesServer (the sockets, request routing and watchers; also on QuakesProtocol)
//         ← QuakesFDSN (the FDSN event web service over HTTP; also on QuakesClient's GeoJSON)
//       ← QuakesDaemon (configuration, scheduler, alerts, metrics, systemd via CSystemd, logging;
//         the parts QuakesServer asks of it) ← QuakesdCommandLine (flags, signals) ← quakesd (the daemon)
//   USGSStandIn: a USGS look-alike HTTP server on 127.0.0.1 for tests and demos
//     ← usgs-standin (serves a folder of feeds, for the offline demo)
//     ← QuakesBench ← quakes-bench (benchmarks; quakes-measure times its commands)
//
// quakectl links neither ImmutableData nor QuakesData nor swift-collections:
// what it shares with the daemon is the model and the wire.
//
// See docs/architecture.md.

import PackageDescription

let strictSwift: [SwiftSetting] = [
  .swiftLanguageMode(.v6),
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
  .treatAllWarnings(as: .error),
]

let package = Package(
  name: "quakesd",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "ImmutableData", targets: ["ImmutableData"]),
    .library(name: "QuakesModel", targets: ["QuakesModel"]),
    .library(name: "QuakesData", targets: ["QuakesData"]),
    .library(name: "QuakesSQLite", targets: ["QuakesSQLite"]),
    .library(name: "QuakesUSGS", targets: ["QuakesUSGS"]),
    // What a Swift program needs to talk to quakesd (docs/protocol.md, "A Swift client").
    .library(name: "QuakesProtocol", targets: ["QuakesProtocol"]),
    .library(name: "QuakesClient", targets: ["QuakesClient"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.3"),
    .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
    .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
    .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
    .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
    .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
    .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
  ],
  targets: [
    .target(
      name: "ImmutableData",
      swiftSettings: strictSwift
    ),
    .target(
      name: "QuakesModel",
      swiftSettings: strictSwift
    ),
    .target(
      name: "QuakesData",
      dependencies: [
        "QuakesModel",
        "ImmutableData",
        .product(name: "HashTreeCollections", package: "swift-collections"),
      ],
      swiftSettings: strictSwift
    ),
    .target(
      name: "QuakesSQLite",
      dependencies: [
        "QuakesModel",
        "QuakesData",
        .product(name: "GRDB", package: "GRDB.swift"),
        // sqlite3_progress_handler, which GRDB does not wrap (BoundedRead).
        .product(name: "GRDBSQLite", package: "GRDB.swift"),
      ],
      swiftSettings: strictSwift
    ),
    .target(
      name: "QuakesPostgres",
      dependencies: [
        "QuakesModel",
        "QuakesData",
        .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "Logging", package: "swift-log"),
      ],
      swiftSettings: strictSwift
    ),
    .systemLibrary(
      name: "CCurl",
      pkgConfig: "libcurl",
      providers: [.apt(["libcurl4-openssl-dev"])]
    ),
    .target(
      name: "QuakesUSGS",
      dependencies: ["QuakesModel", "QuakesData", "CCurl"],
      swiftSettings: strictSwift
    ),
    .target(
      name: "USGSStandIn",
      dependencies: [
        "QuakesModel",
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
      ],
      swiftSettings: strictSwift
    ),
    .target(
      name: "QuakesProtocol",
      dependencies: ["QuakesModel"],
      swiftSettings: strictSwift
    ),
    // The sockets and the routing of requests: depends on small protocols
    // the daemon implements (reload, backup, metrics, alerts, refresh,
    // the poll times), not on the daemon's types.
    .target(
      name: "QuakesServer",
      dependencies: [
        "ImmutableData",
        "QuakesModel",
        "QuakesData",
        "QuakesProtocol",
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "Logging", package: "swift-log"),
      ],
      swiftSettings: strictSwift
    ),
    // The cache as an FDSN event web service (fdsnws-event 1.2) over HTTP:
    // the request's parameters as a QuakesQuery, QuakeML, text and GeoJSON.
    .target(
      name: "QuakesFDSN",
      dependencies: [
        "QuakesModel",
        "QuakesData",
        "QuakesProtocol",
        "QuakesServer",
        "QuakesClient",
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "Logging", package: "swift-log"),
      ],
      swiftSettings: strictSwift
    ),
    .systemLibrary(
      name: "CSystemd",
      pkgConfig: "libsystemd",
      providers: [.apt(["libsystemd-dev"])]
    ),
    .target(
      name: "QuakesDaemon",
      dependencies: [
        "ImmutableData",
        "QuakesModel",
        "QuakesData",
        "QuakesSQLite",
        "QuakesPostgres",
        "QuakesUSGS",
        "QuakesProtocol",
        "QuakesServer",
        "QuakesFDSN",
        "CSystemd",
        "CSpawn",
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "Yams", package: "Yams"),
        .product(name: "HashTreeCollections", package: "swift-collections"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "UnixSignals", package: "swift-service-lifecycle"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "CoreMetrics", package: "swift-metrics"),
        .product(name: "Prometheus", package: "swift-prometheus"),
        .product(name: "Crypto", package: "swift-crypto"),
      ],
      swiftSettings: strictSwift
    ),
    // posix_spawn, pidfd_open and memfd_create for the alert programs
    // (ProgramRun.swift says why quakesd spawns them itself).
    .target(name: "CSpawn"),
    .target(
      name: "QuakesClient",
      dependencies: ["QuakesProtocol", "QuakesModel"],
      swiftSettings: strictSwift
    ),
    .target(
      name: "QuakectlCommandLine",
      dependencies: [
        "QuakesClient",
        "QuakesProtocol",
        "QuakesModel",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: strictSwift
    ),
    .executableTarget(
      name: "quakectl",
      dependencies: ["QuakectlCommandLine"],
      swiftSettings: strictSwift
    ),
    .target(
      name: "QuakesTestSupport",
      dependencies: [
        "USGSStandIn", "QuakesClient", "QuakesProtocol", "QuakesModel", "QuakesData", "QuakesSQLite",
        .product(name: "Subprocess", package: "swift-subprocess"),
        .product(name: "SystemPackage", package: "swift-system"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "Clocks", package: "swift-clocks"),
      ],
      swiftSettings: strictSwift
    ),
    // Linked into quakesd alone, through QuakesdCommandLine, which no test
    // links: it catches stop signals from the process's first instruction
    // after the dynamic loader (.preinit_array), which a library linked into
    // the tests must not do to the test runner.
    .target(name: "CStopSignals"),
    .target(
      name: "QuakesdCommandLine",
      dependencies: [
        "QuakesDaemon",
        "QuakesModel",
        "QuakesData",
        "QuakesUSGS",
        "CStopSignals",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "UnixSignals", package: "swift-service-lifecycle"),
      ],
      swiftSettings: strictSwift
    ),
    .executableTarget(
      name: "quakesd",
      dependencies: ["QuakesdCommandLine"],
      swiftSettings: strictSwift
    ),
    .target(
      name: "QuakesBench",
      dependencies: [
        "QuakesUSGS",
        "QuakesModel",
        "QuakesData",
        "QuakesSQLite",
        "QuakesPostgres",
        "QuakesTestSupport",
        "QuakesProtocol",
        "QuakesServer",
        "QuakesFDSN",
        "USGSStandIn",
        .product(name: "Logging", package: "swift-log"),
        .product(name: "HashTreeCollections", package: "swift-collections"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "Subprocess", package: "swift-subprocess"),
        .product(name: "SystemPackage", package: "swift-system"),
        .product(name: "GRDB", package: "GRDB.swift"),
      ],
      swiftSettings: strictSwift
    ),
    .executableTarget(
      name: "quakes-bench",
      dependencies: ["QuakesBench"],
      swiftSettings: strictSwift
    ),
    .executableTarget(name: "quakes-measure"),
    .executableTarget(
      name: "usgs-standin",
      dependencies: ["USGSStandIn"],
      swiftSettings: strictSwift
    ),
    .testTarget(
      name: "ImmutableDataTests",
      dependencies: ["ImmutableData"],
      swiftSettings: strictSwift
    ),
    .testTarget(
      name: "QuakesPostgresTests",
      dependencies: [
        "QuakesPostgres", "QuakesModel", "QuakesData", "QuakesTestSupport",
        .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "Clocks", package: "swift-clocks"),
      ],
      swiftSettings: strictSwift
    ),
    .testTarget(
      name: "QuakesUSGSTests",
      dependencies: [
        "QuakesUSGS", "QuakesModel", "QuakesData", "USGSStandIn", "QuakesTestSupport", "QuakesClient",
        .product(name: "Clocks", package: "swift-clocks"),
      ],
      swiftSettings: strictSwift
    ),
    .testTarget(
      name: "QuakesDaemonTests",
      dependencies: [
        "QuakesDaemon", "QuakesServer", "QuakesModel", "QuakesData", "QuakesSQLite", "QuakesUSGS", "QuakesProtocol",
        "USGSStandIn",
        "ImmutableData", "QuakesTestSupport", "QuakesClient",
        .product(name: "HashTreeCollections", package: "swift-collections"),
        .product(name: "Subprocess", package: "swift-subprocess"),
        .product(name: "SystemPackage", package: "swift-system"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "Clocks", package: "swift-clocks"),
      ],
      swiftSettings: strictSwift
    ),
    .testTarget(
      name: "QuakesFDSNTests",
      dependencies: [
        "QuakesFDSN", "QuakesModel", "QuakesServer", "QuakesData", "QuakesSQLite", "ImmutableData", "QuakesTestSupport",
        "USGSStandIn",
      ],
      swiftSettings: strictSwift
    ),
    .testTarget(
      name: "QuakesServerTests",
      dependencies: [
        "QuakesServer", "QuakesModel", "QuakesData", "QuakesProtocol", "QuakesTestSupport",
        .product(name: "HashTreeCollections", package: "swift-collections"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOEmbedded", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "Clocks", package: "swift-clocks"),
      ],
      swiftSettings: strictSwift
    ),
    .testTarget(
      name: "QuakesProtocolTests",
      dependencies: ["QuakesProtocol", "QuakesModel", "USGSStandIn"],
      swiftSettings: strictSwift
    ),
    .testTarget(
      name: "QuakectlTests",
      // QuakectlCommandLine for the status and alerts outputs, which its commands format.
      dependencies: [
        "QuakesClient", "QuakesProtocol", "QuakesModel", "USGSStandIn", "QuakesTestSupport", "QuakectlCommandLine",
      ],
      swiftSettings: strictSwift
    ),
    .testTarget(
      name: "QuakesBenchTests",
      dependencies: ["QuakesBench", "QuakesUSGS", "QuakesModel", "QuakesData", "QuakesProtocol", "USGSStandIn"],
      swiftSettings: strictSwift
    ),
    .testTarget(
      name: "QuakesDataTests",
      dependencies: [
        "QuakesModel", "QuakesData", "ImmutableData", "USGSStandIn", "QuakesTestSupport",
        .product(name: "Clocks", package: "swift-clocks"),
      ],
      swiftSettings: strictSwift
    ),
    .testTarget(
      name: "QuakesSQLiteTests",
      dependencies: [
        "QuakesSQLite",
        "QuakesModel",
        "QuakesData",
        "QuakesTestSupport",
        "USGSStandIn",
        .product(name: "GRDB", package: "GRDB.swift"),
      ],
      // Database files made by earlier releases, opened by path (#filePath).
      exclude: ["Resources"],
      swiftSettings: strictSwift
    ),
  ]
)
