// swift-tools-version:6.0
import PackageDescription

// Measurements that are not tests: run with `swift run -c release NAME` from this folder.
let package = Package(
    name: "squatd-benchmarks",
    dependencies: [
        .package(name: "squatd", path: ".."),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    ],
    targets: [
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
