import Foundation
import Testing

/// A product of this package (SensorHarness, squatd), or another program that runs one, as a
/// child, its output collected line by line. Killed after `timeout` seconds (20 by default) so a
/// hang cannot stall the suite.
public final class Child: @unchecked Sendable {
    private let process = Process()
    private let lock = NSLock()
    private var stdoutText = ""
    private var stderrText = ""
    private let stdoutPipe = Pipe(), stderrPipe = Pipe()

    /// Build products sit next to the test bundle.
    public static func productPath(_ name: String) -> String {
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return exe.deletingLastPathComponent().appendingPathComponent(name).path
    }

    public convenience init(product: String, arguments: [String], environment: [String: String], asNobody: Bool,
                            timeout: Double = 20) throws {
        try self.init(executable: Self.productPath(product), arguments: arguments, environment: environment,
                      asNobody: asNobody, timeout: timeout)
    }

    /// Runs the program at `executable` (an absolute path).
    public init(executable: String, arguments: [String], environment: [String: String], asNobody: Bool = false,
                timeout: Double = 20) throws {
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "UMOCKDEV_DIR")
        for (k, v) in environment { env[k] = v }
        if asNobody {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", "--", executable] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
        }
        process.environment = env
        process.standardOutput = stdoutPipe
        process.standardError = stderrPipe
        stdoutPipe.fileHandleForReading.readabilityHandler = { [weak self] h in
            let d = h.availableData
            guard let self, !d.isEmpty else { return }
            self.lock.withLock { self.stdoutText += String(decoding: d, as: UTF8.self) }
        }
        stderrPipe.fileHandleForReading.readabilityHandler = { [weak self] h in
            let d = h.availableData
            guard let self, !d.isEmpty else { return }
            self.lock.withLock { self.stderrText += String(decoding: d, as: UTF8.self) }
        }
        try process.run()
        let p = process
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { if p.isRunning { kill(p.processIdentifier, SIGKILL) } }
    }

    public var output: String { lock.withLock { stdoutText } }
    public var errors: String { lock.withLock { stderrText } }
    public var lines: [String] { output.split(separator: "\n").map(String.init) }

    /// Waits for a line starting with `prefix`; records an issue with the child's log if none comes.
    @discardableResult
    public func waitForLine(_ prefix: String, count: Int = 1, seconds: Double = 10,
                     sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let ok = eventually(seconds) { lines.filter { $0.hasPrefix(prefix) }.count >= count }
        if !ok {
            Issue.record("no \(count)× '\(prefix)' from child; stdout:\n\(output)\nstderr:\n\(errors)", sourceLocation: sourceLocation)
        }
        return ok
    }

    /// Waits for the child to exit and returns its status (SIGKILL after `seconds`).
    public func wait(seconds: Double = 10) -> Int32 {
        if !eventually(seconds, { !process.isRunning }) { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        usleep(20000)  // let the readability handlers drain the pipes
        stdoutPipe.fileHandleForReading.readabilityHandler = nil
        stderrPipe.fileHandleForReading.readabilityHandler = nil
        lock.withLock {
            stdoutText += String(decoding: stdoutPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            stderrText += String(decoding: stderrPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        }
        return process.terminationStatus
    }

    public func terminate() {
        if process.isRunning { process.interrupt() }
    }

    /// Sends `signal` (SIGTERM, SIGHUP, SIGKILL, ...) to the child.
    public func send(_ signal: Int32) {
        if process.isRunning { kill(process.processIdentifier, signal) }
    }

    public var isRunning: Bool { process.isRunning }

    deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

    /// What the harness reported, in order.
    public enum Seen: Equatable {
        case sample([Double])
        case gap
    }

    /// Parsed `sample t x y z` and `gap` lines.
    public var events: [Seen] {
        lines.compactMap { line in
            if line == "gap" { return .gap }
            guard line.hasPrefix("sample ") else { return nil }
            return .sample(line.split(separator: " ").dropFirst().compactMap { Double($0) })
        }
    }

    /// Parsed `sample t x y z` lines as [t, x, y, z].
    public var samples: [[Double]] {
        events.compactMap { if case .sample(let v) = $0 { v } else { nil } }
    }
}
