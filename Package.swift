// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "bglog",
  products: [
    .executable(name: "bglog", targets: ["bglog"]),
    .library(name: "BglogKit", targets: ["BglogKit"]),
  ],
  targets: [
    // Model, parsers, classifier and timeline. Foundation only; never prints.
    .target(name: "BglogKit"),
    // Model to text, JSON and CI formats. No file or terminal I/O.
    .target(name: "BglogRendering", dependencies: ["BglogKit"]),
    // Argument parsing, commands and exit codes; called in-process by the tests.
    .target(name: "BglogCLI", dependencies: ["BglogKit", "BglogRendering"]),
    .executableTarget(name: "bglog", dependencies: ["BglogCLI"]),
    // A seeded mutation fuzzer over every reader, renderer and command (docs/robustness.md).
    .executableTarget(
      name: "bglog-fuzz", dependencies: ["BglogCLI", "BglogKit", "BglogRendering", "BglogTestSupport"]),
    // Fixture lookup and golden-file helpers shared by the test targets; not a product.
    .target(name: "BglogTestSupport", dependencies: ["BglogKit"]),
    .testTarget(name: "BglogKitTests", dependencies: ["BglogKit", "BglogTestSupport"]),
    .testTarget(
      name: "BglogCLITests", dependencies: ["BglogCLI", "BglogRendering", "BglogKit", "BglogTestSupport"]),
  ]
)
