// swift-tools-version: 6.2
//
// quakesd keeps a local, queryable cache of the USGS earthquake catalogue;
// quakectl is its control CLI. The module graph follows the data flow:
//
//   ImmutableData (generic store) ← QuakesData (domain: state, reducer, listener)
//     ← QuakesSQLite (the SQLite local store)
//     ← QuakesProtocol (the NDJSON wire format shared by quakesd and quakectl)
//     ← quakesd (the daemon), quakes-bench (benchmarks)
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
    .library(name: "QuakesData", targets: ["QuakesData"]),
    .library(name: "QuakesSQLite", targets: ["QuakesSQLite"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
  ],
  targets: [
    .target(
      name: "ImmutableData",
      swiftSettings: strictSwift
    ),
    .target(
      name: "QuakesData",
      dependencies: [
        "ImmutableData",
        .product(name: "HashTreeCollections", package: "swift-collections"),
      ],
      swiftSettings: strictSwift
    ),
    .target(
      name: "QuakesSQLite",
      dependencies: [
        "QuakesData",
        .product(name: "GRDB", package: "GRDB.swift"),
      ],
      swiftSettings: strictSwift
    ),
    .target(
      name: "QuakesProtocol",
      dependencies: ["QuakesData"],
      swiftSettings: strictSwift
    ),
    .executableTarget(
      name: "quakesd",
      dependencies: ["QuakesData"],
      swiftSettings: strictSwift
    ),
    .executableTarget(
      name: "quakes-bench",
      dependencies: [
        "QuakesData",
        "QuakesSQLite",
        .product(name: "HashTreeCollections", package: "swift-collections"),
      ],
      swiftSettings: strictSwift
    ),
    .testTarget(
      name: "ImmutableDataTests",
      dependencies: ["ImmutableData"],
      swiftSettings: strictSwift
    ),
    .testTarget(
      name: "QuakesSQLiteTests",
      dependencies: [
        "QuakesSQLite",
        "QuakesData",
        "quakes-bench",
        .product(name: "GRDB", package: "GRDB.swift"),
      ],
      swiftSettings: strictSwift
    ),
    .testTarget(
      name: "QuakesProtocolTests",
      dependencies: ["QuakesProtocol", "QuakesData"],
      swiftSettings: strictSwift
    ),
    .testTarget(
      name: "QuakesDataTests",
      dependencies: ["QuakesData", "ImmutableData"],
      swiftSettings: strictSwift
    ),
  ]
)
