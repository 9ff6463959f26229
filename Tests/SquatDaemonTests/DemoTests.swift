import DeviceTestSupport
import Foundation
import Glibc
import SquatDaemon
import SystemPackage
import Testing

extension UmockdevTests {
    /// `make demo`, the README's first command, after the build it starts with (`DEMO_SQUATD`
    /// gives it the binary under test): in a umockdev testbed with no accelerometer it replays
    /// a recording with a sound per squat, and with one it runs the service on it.
    @Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/make"), "make is not installed"))
    struct DemoTests {
        let scratch = ScratchDirectory()

        /// `make -C <repository> demo`, in `testbed`, with every sound played into
        /// `scratch/sound` (ALSA's `default` PCM is the hermetic `capture` PCM), `TMPDIR` in the
        /// scratch directory and an empty configuration (not this machine's /etc/squatd).
        func demo(in testbed: Testbed, recording: String? = nil, timeout: Double) throws -> Child {
            try FileManager.default.createDirectory(atPath: scratch.file("sound"), withIntermediateDirectories: true)
            scratch.write("asound.conf", bytes: Array("""
                <\(DaemonUnderTest.alsaConfiguration)>
                pcm.!default "capture:DIR=\(scratch.file("sound"))"

                """.utf8))
            scratch.write("squatd.toml", bytes: [])
            return try testbed.spawn(
                executable: "/usr/bin/make",
                ["-s", "-C", InstallTests.repository, "demo", "DEMO_SQUATD=\(Child.productPath("squatd"))",
                 "DEMO_CONFIG=\(scratch.file("squatd.toml"))"]
                    + (recording.map { ["DEMO_RECORDING=\($0)"] } ?? []),
                environment: ["ALSA_CONFIG_PATH": scratch.file("asound.conf"), "TMPDIR": scratch.path],
                timeout: timeout)
        }

        /// Sounds played so far: one file per player the `capture` PCM opened.
        var soundsPlayed: Int {
            ((try? FileManager.default.contentsOfDirectory(atPath: scratch.file("sound"))) ?? [])
                .filter { $0.hasPrefix("player-") }.count
        }

        /// Live processes whose command line names the scratch directory: the squatd that make
        /// started, and make itself.
        var processesInScratch: [Int32] {
            ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { name in
                guard let pid = Int32(name), let line = FileManager.default.contents(atPath: "/proc/\(name)/cmdline"),
                      String(decoding: line, as: UTF8.self).contains(scratch.path) else { return nil }
                return pid
            }
        }

        /// Waits up to `seconds` for make to exit, then kills whatever of the demo still runs: a
        /// squatd that outlived make would hold the output pipe open and the test would hang
        /// reading it instead of failing.
        func finish(_ child: Child, within seconds: Double) -> (status: Int32, leftRunning: Int) {
            _ = eventually(seconds) { !child.isRunning }
            let left = processesInScratch
            for pid in left { kill(pid, SIGKILL) }
            return (child.wait(seconds: 5), left.count)
        }

        @Test func withoutASensorItReplaysTheRecordingInRealTimeWithASoundPerSquat() throws {
            guard let testbed = Testbed.make() else { return }
            // The first three reps of a bundled recording (6.9 s), so the test waits no longer.
            let bundled = try String(contentsOfFile: InstallTests.repository + "/Recordings/thigh-fast.csv", encoding: .utf8)
            let firstReps = bundled.split(separator: "\n").filter { line in
                guard let t = line.split(separator: ",").first.flatMap({ Double($0) }) else { return true }
                return t < 7.5
            }
            scratch.write("first-reps.csv", bytes: Array((firstReps.joined(separator: "\n") + "\n").utf8))
            let started = Date()
            let child = try demo(in: testbed, recording: scratch.file("first-reps.csv"), timeout: 60)
            #expect(finish(child, within: 50) == (0, 0), "\(child.output)\n\(child.errors)")
            #expect(child.lines.first == "demo: no accelerometer attached; replaying \(scratch.file("first-reps.csv")) (synthetic: made by squatd's simulator) at the speed it was recorded")
            #expect(child.lines.last == "\(scratch.file("first-reps.csv")): 3 squats (profile thigh from the file, sensitivity 5)")
            #expect(child.lines.filter { $0.hasPrefix("rep ") }.count == 3)
            #expect(Date().timeIntervalSince(started) > 6.5, "paced at the recording's speed")
            #expect(soundsPlayed == 3, "one sound per squat: \(child.errors)")
        }

        @Test func withASensorItRunsTheServiceOnIt() throws {
            guard let testbed = Testbed.make() else { return }
            let evdev = DaemonRunTests.evdev
            try evdev.install(in: testbed)
            let child = try demo(in: testbed, timeout: 90)
            defer { _ = finish(child, within: 0) }
            guard child.waitForLine("demo: counting squats on the accelerometers listed above") else { return }
            #expect(child.output.hasPrefix("evdev  /dev/input/event3  Test Accelerometer\n"), "`squatd devices` first")
            guard eventually(15, { child.errors.contains("counting squats") }) else {
                Issue.record("the service did not start reading:\n\(child.errors)")
                return
            }
            let set = SquatSet.simulated(reps: 4)
            evdev.feed(set.samples, to: testbed)
            let state = FilePath(scratch.file("squatd-demo-\(getuid())"))
            #expect(eventually(30) { ((try? CountStore.summary(directory: state))?.total ?? 0) >= set.reps }, "\(child.errors)")
            #expect(soundsPlayed == set.reps)
            // make passes SIGTERM on to the service it runs (its recipe's shell exec'd it), which
            // stops; nothing is left running.
            child.send(SIGTERM)
            #expect(finish(child, within: 15).leftRunning == 0, "squatd outlived make")
            #expect((try? CountStore.summary(directory: state))?.total == set.reps)
        }
    }
}
