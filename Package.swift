// swift-tools-version:6.0
import PackageDescription

// Layers, dependencies pointing one way:
//   SquatCore (pure detection)  <-  SquatRecordings (files)  <-  squatd (argument parsing only)
//   CAlsa, CSndfile (C libraries)  <-  SquatSound (ALSA player pool; no C type in its API)
//   SquatCore  <-  SquatSimulator (synthetic recordings), SquatPlot (SVG)  <-  squatd
let package = Package(
    name: "squatd",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "squatd", targets: ["squatd"]),
        .library(name: "SquatCore", targets: ["SquatCore"]),
        .library(name: "SquatRecordings", targets: ["SquatRecordings"]),
        .library(name: "SquatSimulator", targets: ["SquatSimulator"]),
        .library(name: "SquatPlot", targets: ["SquatPlot"]),
        .library(name: "SquatSound", targets: ["SquatSound"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    ],
    targets: [
        .target(name: "SquatCore"),
        .target(name: "SquatRecordings", dependencies: ["SquatCore"]),
        .target(name: "SquatSimulator", dependencies: ["SquatCore"]),
        .target(name: "SquatPlot", dependencies: ["SquatCore"]),
        .systemLibrary(name: "CAlsa", pkgConfig: "alsa", providers: [.apt(["libasound2-dev"])]),
        .systemLibrary(name: "CSndfile", pkgConfig: "sndfile", providers: [.apt(["libsndfile1-dev"])]),
        .target(
            name: "SquatSound",
            dependencies: ["CAlsa", "CSndfile", .product(name: "Logging", package: "swift-log")]
        ),
        .executableTarget(
            name: "squatd",
            dependencies: [
                "SquatCore", "SquatRecordings", "SquatSimulator", "SquatPlot",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "SquatCoreTests", dependencies: ["SquatCore"]),
        // Depends on the executable so that `swift test` builds the `squatd` binary its
        // end-to-end tests run.
        .testTarget(name: "SquatRecordingsTests", dependencies: ["SquatRecordings", "squatd"]),
        .testTarget(name: "SquatSimulatorTests", dependencies: ["SquatSimulator", "SquatCore"]),
        .testTarget(name: "SquatPlotTests", dependencies: ["SquatPlot", "SquatSimulator", "SquatCore"]),
        .testTarget(
            name: "SquatSoundTests",
            dependencies: [
                "SquatSound", "CSndfile",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "InMemoryLogging", package: "swift-log"),
            ],
            exclude: ["Fixtures"]
        ),
    ]
)
