import DeviceTestSupport
import Foundation
import Glibc
import SquatCore

/// `squatd run` as it runs all day: two accelerometers, one IIO with a buffer and one evdev,
/// each delivering 100 samples a second in real time, one sample per read as kernels deliver
/// them at that rate, and what the daemon costs meanwhile (CPU, memory, wake-ups).
///
/// The devices are emulated by umockdev (the tests' ``Testbed`` and ``EmulatedAccelerometer``):
/// the daemon runs unmodified with umockdev's preload library, which stands between it and
/// every file, ioctl and device node, and this process writes each sample to the emulated nodes
/// at its time. The daemon plays its sounds into ALSA's `null` PCM (the tests' hermetic
/// configuration) and talks to a stand-in for systemd's notify socket with the watchdog on, as
/// under `squatd.service`.
///
/// Two windows of the same length on one daemon: first the devices open and silent (what the
/// daemon and the preload cost when nothing happens), then a simulated workout streamed to both.
struct DaemonBenchmark {
    /// The `squatd` to run.
    let squatd: String
    /// Length of each window.
    let seconds: Double
    /// The tests' hermetic ALSA configuration (every PCM ends in `null`).
    let alsaConfiguration: String

    /// `WatchdogSec=` of `systemd/squatd.service.in`, as systemd passes it on.
    static let watchdogMicroseconds = 30_000_000

    struct Outcome {
        /// Devices open, no sample arriving.
        var idle: ProcessCost
        /// Both devices streaming the workout.
        var streaming: ProcessCost
        /// Samples written to each device.
        var samplesPerDevice: Int
        /// Reps in the workout that end inside the window, per device.
        var trueRepsPerDevice: Int
        /// Reps the daemon counted, both devices together (`squat counted` in its log).
        var counted: Int
    }

    func run(log progress: (String) -> Void) throws -> Outcome {
        if let reason = Testbed.unavailableReason { throw BenchmarkFailure(description: reason) }
        guard let testbed = Testbed.make() else { throw BenchmarkFailure(description: "no umockdev testbed") }
        let directory = NSTemporaryDirectory() + "squatd-bench-daemon-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let configuration = directory + "/squatd.toml", daemonLog = directory + "/squatd.log"
        try "[sound]\npcm = \"null\"\n\n[defaults]\nplacement = \"thigh\"\n"
            .write(toFile: configuration, atomically: true, encoding: .utf8)
        let notify = try NotifyListener(directory: directory)
        let devices = [EmulatedAccelerometer.iio(), EmulatedAccelerometer.evdev()]
        for device in devices { try device.install(in: testbed) }
        let workout = SimulatedSession.workout(seconds: seconds, placement: .thigh, seed: 11)

        var environment = ProcessInfo.processInfo.environment
        environment["UMOCKDEV_DIR"] = testbed.root
        environment["LD_PRELOAD"] = Testbed.preloadPath
        environment["ALSA_CONFIG_PATH"] = alsaConfiguration
        environment["NOTIFY_SOCKET"] = notify.path
        environment["WATCHDOG_USEC"] = "\(Self.watchdogMicroseconds)"
        let daemon = try ChildProcess.start([squatd, "run", "--config", configuration, "--state-dir", directory + "/state"],
                                            environment: environment, output: daemonLog)
        var stopped = false
        defer { if !stopped { _ = daemon.stop(within: 10) } }
        func logText() -> String { (try? String(contentsOfFile: daemonLog, encoding: .utf8)) ?? "" }
        func logged(_ text: String) -> Int { logText().components(separatedBy: text).count - 1 }

        let ready = notify.waitFor("READY=1", seconds: 30)
            && eventually(30) { logged("counting squats") >= devices.count }
            && eventually(5) { testbed.attribute(devices[0].syspath, "buffer/enable") == "1" }
        guard ready else {
            throw BenchmarkFailure(description: "squatd run did not start reading both devices:\n\(logText())")
        }
        sleep(2)  // start-up work (first sound, state files) settles

        progress("daemon: devices open and silent for \(Int(seconds)) s…")
        let idleStart = try ProcessSnapshot(pid: daemon.pid)
        usleep(useconds_t(seconds * 1e6))
        let idleEnd = try ProcessSnapshot(pid: daemon.pid)

        progress("daemon: both devices streaming a workout at 100 Hz for \(Int(seconds)) s…")
        let streamStart = try ProcessSnapshot(pid: daemon.pid)
        stream(workout.samples, to: devices, in: testbed, startingAt: streamStart.wall)
        let streamEnd = try ProcessSnapshot(pid: daemon.pid)

        let status = daemon.stop(within: 15)
        stopped = true
        guard status == 0 else { throw BenchmarkFailure(description: "squatd run exited with \(status):\n\(logText())") }
        return Outcome(idle: ProcessCost(from: idleStart, to: idleEnd), streaming: ProcessCost(from: streamStart, to: streamEnd),
                       samplesPerDevice: workout.samples.count, trueRepsPerDevice: workout.repEnds.count,
                       counted: logged("squat counted"))
    }

    /// Writes each sample to every device at its time: sample time 0 is `start` (monotonic
    /// seconds), and each device stamps it with that time, as a kernel would.
    private func stream(_ samples: [Sample], to devices: [EmulatedAccelerometer], in testbed: Testbed, startingAt start: Double) {
        for sample in samples {
            let t = start + sample.t
            var due = timespec(tv_sec: Int(t), tv_nsec: Int((t - t.rounded(.down)) * 1e9))
            while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &due, nil) == EINTR {}
            let stamped = Sample(t: t, x: sample.x, y: sample.y, z: sample.z)
            for device in devices { testbed.write(device.node, device.frame(stamped)) }
        }
    }
}
