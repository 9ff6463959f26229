import Foundation

/// A fresh temporary directory per test, removed with everything in it when released.
final class ScratchDirectory {
    let path: String

    init() {
        path = NSTemporaryDirectory() + "squatd-daemon-tests-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        chmod(path, 0o755)
        try? FileManager.default.removeItem(atPath: path)
    }

    /// `name` inside the directory.
    func file(_ name: String) -> String { path + "/" + name }

    func write(_ name: String, bytes: [UInt8]) {
        try! Data(bytes).write(to: URL(fileURLWithPath: file(name)))
    }

    func bytes(_ name: String) -> [UInt8] {
        FileManager.default.contents(atPath: file(name)).map(Array.init) ?? []
    }

    /// Names in the directory, sorted.
    func names() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }
}
