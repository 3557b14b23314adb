// swift-tools-version: 6.1
//
// quakesd keeps a local, queryable cache of the USGS earthquake catalogue;
// quakectl is its control CLI. The module graph follows the data flow:
//
//   ImmutableData (generic store) ← QuakesData (domain: state, reducer, listener)
//     ← QuakesProtocol (the NDJSON wire format shared by quakesd and quakectl)
//     ← quakesd (the daemon), quakes-bench (benchmarks)
//
// See docs/architecture.md.

import PackageDescription

let strictSwift: [SwiftSetting] = [
  .swiftLanguageMode(.v6),
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
  name: "quakesd",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "ImmutableData", targets: ["ImmutableData"]),
    .library(name: "QuakesData", targets: ["QuakesData"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
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
