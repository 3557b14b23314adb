// swift-tools-version: 6.0
import PackageDescription

// A peer for `make bench-scale`, built by `make bench-peers`, apart from
// quakesd's package so that neither quakesd nor `make test` links it:
// Hummingbird 2 sending one file's bytes to every GET, which the benchmark
// puts beside quakesd's own HTTP listener sending the same bytes
// (docs/fdsn.md, "Why on its own listener").
let package = Package(
  name: "hummingbird-floor",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1")
  ],
  targets: [
    .executableTarget(
      name: "hummingbird-floor",
      dependencies: [.product(name: "Hummingbird", package: "hummingbird")],
      swiftSettings: [.swiftLanguageMode(.v6)]
    )
  ]
)
