import Foundation
import Logging
import SquatSound

/// Measures, over many reps, the time from a rep being counted (`RepSoundOutput.repCounted`) to
/// ALSA accepting its first frames (the first `snd_pcm_writei` returning), through the pool's
/// observer hook, against the hermetic test configuration (no sound card needed):
///
///     swift run -c release sound-latency [--reps 500] [--interval-ms 20] [--pcm capture|null|NAME]
///
/// `capture` (default) is the tests' `file` PCM over `null` behind `plug`: each open also starts a
/// shell and a `cat` for its output file. `null` is ALSA's null plugin alone. Any other name is
/// opened as given, with the system's ALSA configuration (e.g. `default` on a machine with sound).
@main
struct SoundLatency {
    static func main() throws {
        var arguments = ArraySlice(CommandLine.arguments.dropFirst())
        var reps = 500
        var interval = 20.0
        var pcmChoice = "capture"
        while let flag = arguments.popFirst() {
            guard let value = arguments.popFirst() else { fail("missing value after \(flag)") }
            switch flag {
            case "--reps":
                guard let number = Int(value), number > 0 else { fail("--reps takes a positive whole number") }
                reps = number
            case "--interval-ms":
                guard let number = Double(value), number >= 0 else { fail("--interval-ms takes a number of milliseconds") }
                interval = number
            case "--pcm": pcmChoice = value
            default: fail("unknown option \(flag)")
            }
        }

        let hermeticConfiguration = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().appendingPathComponent("../../../Tests/SquatSoundTests/Fixtures/asound.conf")
            .standardizedFileURL.path
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("squatd-sound-latency-\(getpid())")
        let pcm: String
        switch pcmChoice {
        case "capture":
            setenv("ALSA_CONFIG_PATH", hermeticConfiguration, 1)
            try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
            pcm = "capture:DIR=\(output.path)"
        case "null":
            setenv("ALSA_CONFIG_PATH", hermeticConfiguration, 1)
            pcm = "null"
        default:
            pcm = pcmChoice
        }
        defer { try? FileManager.default.removeItem(at: output) }

        let timeline = Timeline(capacity: reps)
        let logger = Logger(label: "sound-latency")
        let sound = RepSoundOutput(configuration: .init(pcm: pcm, observer: timeline.record), logger: logger)
        let clock = ContinuousClock()
        var callTimes: [Duration] = []
        callTimes.reserveCapacity(reps)
        for total in 1...reps {
            let before = clock.now
            sound.repCounted(total: total)
            callTimes.append(clock.now - before)
            Thread.sleep(forTimeInterval: interval / 1000)
        }
        sound.shutdown()

        let summary = timeline.summary()
        print("sound-latency: \(reps) reps, one every \(interval) ms, PCM \"\(pcmChoice == "capture" ? "capture (file over null)" : pcm)\", default rep sound (\(SoundClip.defaultRep.frameCount) frames)")
        print("  played to the end: \(summary.finished); other endings: \(summary.otherEndings)")
        report("rep counted -> first frames accepted by ALSA", summary.firstFrames)
        report("rep counted -> PCM open and configured      ", summary.opened)
        report("time inside repCounted (caller's cost)      ", callTimes)
    }

    static func report(_ label: String, _ durations: [Duration]) {
        guard !durations.isEmpty else {
            print("  \(label): no samples")
            return
        }
        let sorted = durations.sorted()
        func percentile(_ p: Double) -> String {
            let index = min(sorted.count - 1, Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1)
            return milliseconds(sorted[max(0, index)])
        }
        print("  \(label): median \(percentile(50)), p90 \(percentile(90)), p99 \(percentile(99)), max \(milliseconds(sorted.last!)) (n=\(sorted.count))")
    }

    static func milliseconds(_ duration: Duration) -> String {
        let ms = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
        return String(format: "%.3f ms", ms)
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("sound-latency: \(message)\n".utf8))
        exit(2)
    }
}

/// The observer: keeps the time of each playback's steps; preallocated, so recording is cheap.
final class Timeline: @unchecked Sendable {
    private let lock = NSLock()
    private var requested: [ContinuousClock.Instant?]
    private var opened: [ContinuousClock.Instant?]
    private var firstFrames: [ContinuousClock.Instant?]
    private var finished = 0
    private var otherEndings: [String: Int] = [:]

    init(capacity: Int) {
        requested = Array(repeating: nil, count: capacity + 1)
        opened = requested
        firstFrames = requested
    }

    var record: @Sendable (PlaybackEvent) -> Void {
        { [self] event in
            lock.lock()
            defer { lock.unlock() }
            guard event.playback < requested.count else { return }
            switch event.kind {
            case .requested: requested[event.playback] = event.time
            case .opened: opened[event.playback] = event.time
            case .firstFramesAccepted: firstFrames[event.playback] = event.time
            case .finished: finished += 1
            case .skipped, .superseded, .dropped, .openFailed, .cut, .failed: otherEndings["\(event.kind)", default: 0] += 1
            }
        }
    }

    func summary() -> (firstFrames: [Duration], opened: [Duration], finished: Int, otherEndings: [String: Int]) {
        lock.lock()
        defer { lock.unlock() }
        func since(_ steps: [ContinuousClock.Instant?]) -> [Duration] {
            zip(requested, steps).compactMap { start, step in
                guard let start, let step else { return nil }
                return step - start
            }
        }
        return (since(firstFrames), since(opened), finished, otherEndings)
    }
}
