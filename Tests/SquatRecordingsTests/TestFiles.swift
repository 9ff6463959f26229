import Foundation

/// A fresh temporary directory per test, removed when the value is released.
final class TemporaryDirectory {
    let path: String

    init() {
        path = NSTemporaryDirectory() + "squatd-tests-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes `bytes` to `name` in the directory and returns the file's path.
    @discardableResult
    func write(_ name: String, bytes: [UInt8]) -> String {
        let file = prepare(name)
        try! Data(bytes).write(to: URL(fileURLWithPath: file))
        return file
    }

    /// The path of `name` in the directory, with its parent directories created.
    func prepare(_ name: String) -> String {
        let file = path + "/" + name
        try! FileManager.default.createDirectory(at: URL(fileURLWithPath: file).deletingLastPathComponent(),
                                                 withIntermediateDirectories: true)
        return file
    }

    /// Writes `text` as UTF-8 to `name` and returns the file's path.
    @discardableResult
    func write(_ name: String, _ text: String) -> String { write(name, bytes: Array(text.utf8)) }

    func read(_ name: String) -> String {
        String(decoding: FileManager.default.contents(atPath: path + "/" + name) ?? Data(), as: UTF8.self)
    }
}
