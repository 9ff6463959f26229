// swift-tools-version:6.0
import PackageDescription

// Measurements that are not tests: run with `swift run -c release NAME` from this folder.
let package = Package(
    name: "squatd-benchmarks",
    dependencies: [
        .package(name: "squatd", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "recording-read",
            dependencies: [
                .product(name: "SquatRecordings", package: "squatd"),
                .product(name: "SquatCore", package: "squatd"),
            ]
        ),
    ]
)
