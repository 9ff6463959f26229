import Foundation
import InMemoryLogging
import Logging
import SquatSound
import Testing

/// Stopping while the sound device has stopped taking data (ALSA's `file` plugin into a pipe
/// whose reader never reads, from the hermetic fixture configuration: closing the PCM waits 8 s
/// for that reader).
@Suite("Stopping on a stalled sound device")
struct StalledDeviceTests {
    @Test("shutdown drops the sound not started and returns before the service manager's 15 s stop timeout")
    func shutdownOnAStalledDeviceIsBounded() throws {
        HermeticALSA.configure()
        let recorder = PlaybackRecorder()
        let handler = InMemoryLogHandler()
        let sound = RepSoundOutput(
            configuration: .init(pcm: "stalled", maximumPlayers: 1, observer: recorder.observer),
            logger: .soundTest(handler))
        sound.repCounted(total: 1)
        #expect(recorder.wait(for: 1, .opened))
        // The only player is busy (stuck closing the PCM): this one waits for it.
        sound.repCounted(total: 2)

        let start = ContinuousClock.now
        sound.shutdown()
        let took = ContinuousClock.now - start

        // Unbounded, shutdown waited for the stalled reader (8 s), then played rep 2 into
        // another one (8 s more), after systemd's TimeoutStopSec=15s would have killed it.
        #expect(took < .seconds(15), "\(took)")
        #expect(recorder.kinds(of: 2) == [.requested, .dropped])
        let warnings = handler.entries.filter { $0.level == .warning }.map(\.message.description)
        #expect(warnings == ["the sound device did not finish playing in time; stopping without waiting for it"])
    }

    /// The stalled reader is a `sleep` that outlives the player that opened it; with the
    /// player's stdout and stderr it would hold the test runner's output open, and `swift test`
    /// would return only when it ends (20 s after a 1 s test before its output went to /dev/null).
    @Test("the stalled device's reader does not hold its player's output open")
    func theStalledReaderLeavesTheOutputAlone() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/aplay") else {
            print("skipped: /usr/bin/aplay (alsa-utils) is not installed")
            return
        }
        // aplay blocks once the reader's pipe is full and is then killed, as a service manager
        // kills squatd, but only once the PCM's reader (`sleep`, a child of aplay) is running:
        // killed before it opened the PCM, aplay would leave nothing behind and the test would
        // pass whatever the fixture does. The output (a pipe the shell makes, to `cat`) must end
        // with aplay: the shell writes how long `cat` waited after the kill, in milliseconds, or
        // "no reader" if aplay had not started one within 10 s. The reader is found in /proc by
        // its parent (`/proc/PID/task/PID/children` needs a kernel option some machines lack).
        let result = FileManager.default.temporaryDirectory.appendingPathComponent("squatd-stalled-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: result) }
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", """
            { aplay -q -D stalled -t raw -f S16_LE -r 48000 -c 1 /dev/zero 2>&1 & player=$!
              tries=0
              until grep -qs "^[0-9]* (sleep) [A-Za-z] $player " /proc/[0-9]*/stat; do
                  tries=$((tries + 1)); [ $tries -le 200 ] || break; sleep 0.05
              done
              [ $tries -le 200 ] || echo "no reader" >"$1"
              date +%s%N >"$1.killed"; kill -KILL $player; } | cat >/dev/null
            [ -s "$1" ] || echo $(( ($(date +%s%N) - $(cat "$1.killed")) / 1000000 )) >"$1"
            rm -f "$1.killed"
            """, "sh", result.path]
        shell.environment = ["ALSA_CONFIG_PATH": HermeticALSA.configurationPath, "PATH": "/usr/bin:/bin"]
        shell.standardOutput = FileHandle.nullDevice
        shell.standardError = FileHandle.nullDevice
        try shell.run()
        shell.waitUntilExit()
        let text = try String(contentsOf: result, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let milliseconds = try #require(Int(text), "aplay's reader: \(text)")
        #expect(milliseconds < 4000, "the output stayed open for \(milliseconds) ms")
    }
}
