import DeviceTestSupport
import Foundation
import SquatDaemon
import SystemPackage
import Testing

/// `squatd run` as a child in a umockdev testbed, with its own configuration file and state
/// directory in a temporary directory, the hermetic ALSA configuration of SquatSoundTests (every
/// sound lands in a file under ``soundDirectory``) and a test `NOTIFY_SOCKET`.
final class DaemonUnderTest: @unchecked Sendable {
    let testbed: Testbed
    private let scratch = ScratchDirectory()
    var directory: String { scratch.path }
    let notify: NotifyListener
    private(set) var child: Child?

    var configPath: String { directory + "/squatd.toml" }
    var stateDirectory: String { directory + "/state" }
    var soundDirectory: String { directory + "/sound" }

    static let alsaConfiguration = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("SquatSoundTests/Fixtures/asound.conf").path

    /// Nil, with the reason printed, where umockdev is missing.
    init?(_ test: String = #function) throws {
        guard let testbed = Testbed.make(test) else { return nil }
        self.testbed = testbed
        try FileManager.default.createDirectory(atPath: scratch.file("sound"), withIntermediateDirectories: true)
        notify = try NotifyListener(directory: scratch.path)
        try writeConfiguration("")
    }

    deinit { child?.send(SIGKILL) }

    /// The configuration file; `[sound]` playing into ``soundDirectory`` comes first.
    func writeConfiguration(_ body: String) throws {
        let text = """
            [sound]
            pcm = "capture:DIR=\(soundDirectory)"

            \(body)
            """
        try text.write(toFile: configPath, atomically: true, encoding: .utf8)
    }

    /// Starts `squatd run`; it is killed after `timeout` seconds at most. With
    /// `stderrIsTheJournal`, `JOURNAL_STREAM` names its standard error, as systemd sets it for a
    /// service whose output goes to journald.
    @discardableResult
    func start(watchdogMicroseconds: Int = 300_000, timeout: Double = 90, stderrIsTheJournal: Bool = false) throws -> Child {
        let arguments = ["run", "--config", configPath, "--state-dir", stateDirectory]
        let environment = ["ALSA_CONFIG_PATH": Self.alsaConfiguration, "NOTIFY_SOCKET": notify.path,
                           "WATCHDOG_USEC": "\(watchdogMicroseconds)"]
        let child = stderrIsTheJournal
            ? try testbed.spawn(executable: "/bin/sh",
                                ["-c", #"JOURNAL_STREAM=$(stat -L -c %d:%i /proc/self/fd/2) exec "$0" "$@""#,
                                 Child.productPath("squatd")] + arguments,
                                environment: environment, timeout: timeout)
            : try testbed.spawn("squatd", arguments, environment: environment, timeout: timeout)
        self.child = child
        return child
    }

    /// Waits until the daemon logged `text` `count` times on stderr; records an issue and
    /// returns false if it did not. A test must not feed a sensor the daemon is not reading:
    /// writing to an emulated evdev node that nobody reads blocks once its PTY is full, and the
    /// test would hang instead of failing.
    @discardableResult
    func waitForLog(_ text: String, count: Int = 1, seconds: Double = 15,
                    sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let ok = eventually(seconds) { (child?.errors.components(separatedBy: text).count ?? 1) - 1 >= count }
        if !ok { Issue.record("no \(count)× '\(text)' in the log:\n\(child?.errors ?? "")", sourceLocation: sourceLocation) }
        return ok
    }

    /// Today's counts as saved in the state directory (read as `squatd status` reads them).
    func savedCounts() -> DaySummary? {
        try? CountStore.summary(directory: FilePath(stateDirectory))
    }

    /// Waits until the saved total reaches `total`; true if it did.
    func waitForSavedTotal(_ total: Int, seconds: Double = 30) -> Bool {
        eventually(seconds) { (savedCounts()?.total ?? 0) >= total }
    }

    /// Sounds played so far: one file per player the ALSA `capture` PCM opened.
    var soundsPlayed: Int {
        ((try? FileManager.default.contentsOfDirectory(atPath: soundDirectory)) ?? [])
            .filter { $0.hasPrefix("player-") }.count
    }
}
