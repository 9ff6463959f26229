// swift-tools-version:6.0
import PackageDescription

// Layers, dependencies pointing one way:
//   SquatCore (pure detection: samples, filters, gate, state machine, profiles; no I/O)
//     <- SquatRecordings (recording files, replay, evaluation)
//     <- SquatSensors (IIO, evdev, udev; C enters only through CEvdev, CUdev, CLinux)
//     <- SquatSound (ALSA player pool; C enters only through CAlsa, CSndfile)
//     <- SquatSimulator, SquatPlot (synthetic recordings, SVG pictures)
//     <- SquatDaemon (config, lifecycle, state, systemd)
//   <- squatd (argument parsing only)
// No target above SquatSensors/SquatSound sees a C type.
let package = Package(
    name: "squatd",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "squatd", targets: ["squatd"]),
        .library(name: "SquatCore", targets: ["SquatCore"]),
        .library(name: "SquatRecordings", targets: ["SquatRecordings"]),
        .library(name: "SquatSensors", targets: ["SquatSensors"]),
        .library(name: "SquatSound", targets: ["SquatSound"]),
        .library(name: "SquatSimulator", targets: ["SquatSimulator"]),
        .library(name: "SquatPlot", targets: ["SquatPlot"]),
        .library(name: "SquatDaemon", targets: ["SquatDaemon"]),
        // Test tool only: runs SquatSensors inside umockdev testbeds for SquatSensorsTests.
        .executable(name: "SensorHarness", targets: ["SensorHarness"]),
        // Test support only: emulated accelerometers in umockdev testbeds, for the tests and for
        // the daemon row of Benchmarks/run (which streams to `squatd run` through them).
        .library(name: "DeviceTestSupport", targets: ["DeviceTestSupport"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        // FilePath: file names are bytes on Linux, not always UTF-8.
        .package(url: "https://github.com/apple/swift-system", from: "1.4.0"),
    ],
    targets: [
        .target(name: "SquatCore"),
        .target(name: "SquatRecordings", dependencies: ["SquatCore", .product(name: "SystemPackage", package: "swift-system")]),
        .systemLibrary(name: "CEvdev", pkgConfig: "libevdev", providers: [.apt(["libevdev-dev"])]),
        .systemLibrary(name: "CUdev", pkgConfig: "libudev", providers: [.apt(["libudev-dev"])]),
        .systemLibrary(name: "CLinux"),
        .target(
            name: "SquatSensors",
            dependencies: [
                "SquatCore", "CEvdev", "CUdev", "CLinux",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .systemLibrary(name: "CAlsa", pkgConfig: "alsa", providers: [.apt(["libasound2-dev"])]),
        .systemLibrary(name: "CSndfile", pkgConfig: "sndfile", providers: [.apt(["libsndfile1-dev"])]),
        .target(
            name: "SquatSound",
            dependencies: ["CAlsa", "CSndfile", .product(name: "Logging", package: "swift-log")]
        ),
        .target(name: "SquatSimulator", dependencies: ["SquatCore"]),
        .target(name: "SquatPlot", dependencies: ["SquatCore"]),
        .target(
            name: "SquatDaemon",
            dependencies: [
                "SquatCore", "SquatSensors", "SquatSound",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "TOMLKit", package: "TOMLKit"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        .executableTarget(
            name: "squatd",
            dependencies: [
                "SquatCore", "SquatRecordings", "SquatSensors", "SquatSound", "SquatSimulator", "SquatPlot", "SquatDaemon",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        .testTarget(name: "SquatCoreTests", dependencies: ["SquatCore"]),
        // Depends on the executable so that `swift test` builds the `squatd` binary its
        // end-to-end tests run.
        .testTarget(
            name: "SquatRecordingsTests",
            dependencies: ["SquatRecordings", "squatd", .product(name: "SystemPackage", package: "swift-system")]
        ),
        // Runs SquatSensors inside a umockdev testbed, as a child of the tests (the preload
        // library only works from process start).
        .executableTarget(
            name: "SensorHarness",
            dependencies: ["SquatSensors"],
            path: "Tests/SensorHarness"
        ),
        // Emulated devices for tests: umockdev testbeds (through dlopen, so the package builds
        // without libumockdev), evdev and IIO fixtures, built products run as children.
        .target(name: "DeviceTestSupport", dependencies: ["SquatCore"], path: "Tests/DeviceTestSupport"),
        .testTarget(name: "SquatSensorsTests", dependencies: ["SquatSensors", "SensorHarness", "squatd", "DeviceTestSupport"]),
        .testTarget(
            name: "SquatSoundTests",
            dependencies: [
                "SquatSound", "CSndfile",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "InMemoryLogging", package: "swift-log"),
            ],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "SquatDaemonTests",
            dependencies: [
                "SquatDaemon", "SquatSensors", "SquatRecordings", "SquatSimulator", "squatd", "DeviceTestSupport",
                .product(name: "InMemoryLogging", package: "swift-log"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        .testTarget(name: "SquatSimulatorTests", dependencies: ["SquatSimulator", "SquatCore", "SquatPlot"]),
        .testTarget(name: "SquatPlotTests", dependencies: ["SquatPlot", "SquatSimulator", "SquatCore"]),
    ]
)
