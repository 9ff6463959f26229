import Foundation

/// The `squatd` binary that `swift build` put next to the test bundle.
var squatdBinary: String {
    var products = Bundle.main.bundleURL
    if products.lastPathComponent.hasSuffix("xctest") { products.deleteLastPathComponent() }
    return products.appendingPathComponent("squatd").path
}

/// Runs the built `squatd` with `arguments`, optionally under `umockdev-run` with the given
/// emulated devices, with `environment` added to this process's (less `STATE_DIRECTORY`, which
/// would otherwise leak in from a test run under systemd), killing it after 60 s so that a hang
/// fails the test.
func squatd(_ arguments: [String], devices: String? = nil,
            environment: [String: String] = [:]) throws -> (status: Int32, stdout: String, stderr: String) {
    guard let devices else { return try runChild(squatdBinary, arguments, environment: environment) }
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("squatd-devices-\(UUID().uuidString).umockdev").path
    try devices.write(toFile: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: file) }
    return try runChild("/usr/bin/umockdev-run", ["-d", file, "--", squatdBinary] + arguments, environment: environment)
}

/// Runs `script` with `/bin/sh`, `$SQUATD` naming the built binary: the shell spells file names
/// that are not UTF-8 (`"$(printf '\377')"`), which a Swift `String` argument cannot.
func squatdInShell(_ script: String) throws -> (status: Int32, stdout: String, stderr: String) {
    try runChild("/bin/sh", ["-c", script], environment: ["SQUATD": squatdBinary])
}

/// Runs the built `squatd` as user and group `nobody` (65534, no supplementary groups) through
/// `setpriv`: how tests run as root still see a permission refused. Needs root.
func squatdAsNobody(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
    try runChild("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", "--", squatdBinary] + arguments,
                 environment: [:])
}

private func runChild(_ executable: String, _ arguments: [String],
                      environment: [String: String]) throws -> (status: Int32, stdout: String, stderr: String) {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("squatd-run-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    var inherited = ProcessInfo.processInfo.environment
    inherited["STATE_DIRECTORY"] = nil
    process.environment = inherited.merging(environment) { $1 }
    let out = dir.appendingPathComponent("out"), err = dir.appendingPathComponent("err")
    _ = FileManager.default.createFile(atPath: out.path, contents: nil)
    _ = FileManager.default.createFile(atPath: err.path, contents: nil)
    process.standardOutput = try FileHandle(forWritingTo: out)
    process.standardError = try FileHandle(forWritingTo: err)
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(60)
    while process.isRunning && Date() < deadline { usleep(10_000) }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: try Data(contentsOf: out), as: UTF8.self),
            String(decoding: try Data(contentsOf: err), as: UTF8.self))
}
