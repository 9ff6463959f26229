// swift-tools-version:6.0
import PackageDescription

// Measurements that are not tests. `./run` (next to this file) builds everything in release mode
// and prints the whole table; each executable also runs on its own: `.build/release/NAME`.
let package = Package(
    name: "squatd-benchmarks",
    dependencies: [
        .package(name: "squatd", path: ".."),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    ],
    targets: [
        // Counts calls to malloc and friends by defining them in the executable, so they
        // interpose glibc's for the whole process (see MallocCounter.h).
        .target(name: "MallocCounter"),
        .executableTarget(
            name: "squatd-bench",
            dependencies: [
                "MallocCounter",
                .product(name: "SquatCore", package: "squatd"),
                .product(name: "SquatRecordings", package: "squatd"),
                .product(name: "SquatSimulator", package: "squatd"),
                .product(name: "DeviceTestSupport", package: "squatd"),
            ]
        ),
        .executableTarget(
            name: "recording-read",
            dependencies: [
                .product(name: "SquatRecordings", package: "squatd"),
                .product(name: "SquatCore", package: "squatd"),
            ]
        ),
        .executableTarget(
            name: "sound-latency",
            dependencies: [
                .product(name: "SquatSound", package: "squatd"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
    ]
)
