import Foundation
import SquatCore

/// Every squatd performance figure beside its target, in one run:
///
///     Benchmarks/run [--daemon]        # builds in release mode, then runs this
///
/// Options: `--squatd PATH` (the `squatd` to time; default: the one built beside this program),
/// `--data DIR` (cache of the generated day recording; default `Benchmarks/.data`),
/// `--recordings DIR` (development recordings; default `../shared/recordings/dev` from the
/// repository root, skipped when absent), `--daemon` (adds the daemon's cost: two windows of
/// 60 s), `--daemon-seconds N` (the same with windows of N seconds).
/// Progress goes to stderr, the table to stdout.
@main
struct SquatdBench {
    static func main() throws {
        var options = Options()
        do {
            try options.parse(CommandLine.arguments.dropFirst())
        } catch {
            // A usage error is the caller's, not a crash: say what is wrong, exit 64 (EX_USAGE).
            FileHandle.standardError.write(Data("squatd-bench: \(error)\n".utf8))
            exit(64)
        }
        var table = BenchmarkTable()
        table.note("machine: \(ProcessInfo.processInfo.activeProcessorCount) cores, load average at start \(loadAverage())")

        progress("pipeline: SquatDetector.step over simulated mixed use, every placement…")
        pipeline(into: &table)
        progress("replay: squatd replay vs wc -l on a simulated day…")
        try replay(options, into: &table)
        progress("detection latency…")
        latency(options, into: &table)
        progress("sound latency…")
        sound(options, into: &table)
        daemon(options, into: &table)

        table.note("load average at end \(loadAverage())")
        print(table.text)
    }

    static func pipeline(into table: inout BenchmarkTable) {
        let counterWorks = PipelineBenchmark.allocationCounterWorks()
        for r in PipelineBenchmark().run() {
            let allocations = counterWorks ? Measurement.fixed(r.allocationsPerSample, 3) : "?"
            table.add("pipeline, \(r.placement.rawValue) (\(r.signal))",
                      "\(Measurement.fixed(r.nanosecondsPerSample, 1)) ns/sample · "
                          + "\(Measurement.metric(1e9 / r.nanosecondsPerSample)) samples/s · \(allocations) alloc/sample",
                      target: "≤ 50 ns, 0 alloc",
                      counterWorks && r.nanosecondsPerSample <= 50 && r.allocationsPerSample == 0 ? .pass : .miss)
        }
        table.note("pipeline: thread CPU time, best of 7 trials of 15 min of simulated mixed use at 100 Hz per placement "
            + "(3 sets between walking, handling, sitting, gestures); allocations counted by MallocCounter over all trials"
            + (counterWorks ? "" : " — the counter saw no allocation in its self-check, so the count is unknown"))
    }

    static func replay(_ options: Options, into table: inout BenchmarkTable) throws {
        let day = try DayRecording.cached(in: options.data, log: progress)
        let r = try ReplayBenchmark(squatd: options.squatd, day: day).run()
        let megabytes = Double(r.bytes) / 1e6
        func throughput(_ seconds: Double) -> String {
            "\(Measurement.fixed(megabytes / seconds, 0)) MB/s · \(Measurement.metric(Double(day.sampleCount) / seconds)) samples/s"
        }
        table.add("replay, day file: \(Measurement.metric(Double(day.sampleCount))) samples, \(Measurement.fixed(megabytes, 0)) MB",
                  "\(Measurement.fixed(r.replay.cpu, 2)) s CPU (\(Measurement.fixed(r.replay.wall, 2)) s wall) · " + throughput(r.replay.cpu))
        table.add("wc -l, same file",
                  "\(Measurement.fixed(r.wordCount.cpu, 2)) s CPU (\(Measurement.fixed(r.wordCount.wall, 2)) s wall) · " + throughput(r.wordCount.cpu))
        let ratio = r.replay.cpu / r.wordCount.cpu
        table.add("replay ÷ wc -l", "\(Measurement.fixed(ratio, 1))× CPU (\(Measurement.fixed(r.replay.wall / r.wordCount.wall, 1))× wall)",
                  value: ratio, atMost: 3, target: "≤ 3× (CPU)")
        table.note("replay: \(day.path), best of 3 alternating runs each; \(r.totalLine) (true: \(day.expectedReps))")
    }

    static func latency(_ options: Options, into table: inout BenchmarkTable) {
        func add(_ label: String, _ s: DetectionLatency.Sample) {
            func text(_ values: [Double]) -> String {
                guard let median = Measurement.percentile(50, of: values), let p95 = Measurement.percentile(95, of: values) else {
                    return "no reps matched"
                }
                return "median \(Measurement.fixed(median * 1000, 0)) ms · p95 \(Measurement.fixed(p95 * 1000, 0)) ms (n=\(values.count))"
            }
            table.add("latency, \(label): every rep", text(s.all))
            let median = Measurement.percentile(50, of: s.inConfirmedSet)
            table.add("latency, \(label): in a confirmed set", text(s.inConfirmedSet), target: "median ≤ 250 ms",
                      median.map { $0 <= 0.25 ? .pass : .miss } ?? .notRun)
        }
        for placement in Placement.allCases {
            add("simulated \(placement.rawValue)", DetectionLatency.simulated(placement: placement))
        }
        table.note("latency, simulated: 10-rep sets at 1.5, 2.5 and 4 s per rep × 4 seeds, 100 Hz, true ends from the simulator")
        guard let development = DetectionLatency.development(manifest: options.recordings + "/manifest.csv") else {
            table.note("latency, development recordings: skipped, no \(options.recordings)/manifest.csv")
            return
        }
        for (placement, s) in development.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            add("dev \(placement.rawValue)", s)
        }
        table.note("latency, dev: scored sets with rep_starts_s; a rep's end is the next rep's start, so each set's last rep is left out")
    }

    /// Judged against ALSA's `null` PCM (squatd's own cost: open, configure, first write) and
    /// against the tests' `capture` PCM, whose every open also starts `sh` and `cat` for its
    /// output file, which is most of its tail.
    static func sound(_ options: Options, into table: inout BenchmarkTable) {
        for pcm in ["null", "capture"] {
            do {
                let r = try SoundLatencyRun(executable: options.sibling("sound-latency"), pcm: pcm).run()
                table.add("sound, rep counted → first frames accepted (\(r.pcm) PCM)",
                          "median \(Measurement.fixed(r.medianMilliseconds, 2)) ms · p99 \(Measurement.fixed(r.p99Milliseconds, 2)) ms (n=\(r.count))",
                          value: r.p99Milliseconds, atMost: 5, target: "p99 ≤ 5 ms")
            } catch {
                table.add("sound, rep counted → first frames accepted (\(pcm) PCM)", "failed: \(error)", target: "p99 ≤ 5 ms", .notRun)
            }
        }
        table.note("sound: sound-latency, 500 reps one every 20 ms per PCM; the capture PCM starts a shell and cat per playback (test output file)")
    }

    /// The daemon's cost: `squatd run` with two emulated devices streaming a workout at 100 Hz
    /// (CPU % of one core, RSS, wake-ups per second), and the same devices silent for as long.
    /// Only with `--daemon` (it takes twice `--daemon-seconds`); the row is printed either way so
    /// that it is never silently absent.
    static func daemon(_ options: Options, into table: inout BenchmarkTable) {
        let target = "≤ 1 % CPU, ≤ 25 MB RSS"
        guard options.daemon else {
            table.add("daemon, squatd run: CPU %, RSS, wake-ups/s", "not measured: run with --daemon", target: target, .notRun)
            return
        }
        let seconds = Int(options.daemonSeconds)
        let streaming = "daemon, squatd run: 2 devices at 100 Hz, \(seconds) s"
        let benchmark = DaemonBenchmark(squatd: options.squatd, seconds: options.daemonSeconds,
                                        alsaConfiguration: Options.repositoryRoot + "/Tests/SquatSoundTests/Fixtures/asound.conf")
        let r: DaemonBenchmark.Outcome
        do { r = try benchmark.run(log: progress) } catch {
            progress("daemon: \(error)")
            table.add(streaming, "failed: \(String(describing: error).prefix { $0 != "\n" }) (details above)", target: target, .notRun)
            return
        }
        func text(_ cost: ProcessCost) -> String {
            "\(Measurement.fixed(cost.cpuPercent, 2)) % CPU · RSS \(megabytes(cost.residentKilobytes)) MB "
                + "(peak \(megabytes(cost.peakResidentKilobytes))) · \(Measurement.fixed(cost.wakeUpsPerSecond, 0)) wake-ups/s"
                + (cost.threadsEnded > 0 ? " (\(cost.threadsEnded) threads ended in the window, their share not counted)" : "")
        }
        let peak = Double(r.streaming.peakResidentKilobytes) * 1024 / 1e6
        table.add(streaming, text(r.streaming), target: target,
                  r.streaming.cpuPercent <= 1 && peak <= 25 ? .pass : .miss)
        table.add("daemon, same devices open and silent, \(seconds) s", text(r.idle))
        let threads = r.streaming.byThread.filter { $0.cpuSeconds > 0 || $0.contextSwitches > 0 }.map {
            "\($0.name) \(Measurement.fixed(100 * $0.cpuSeconds / r.streaming.seconds, 2)) % "
                + "\(Measurement.fixed(Double($0.contextSwitches) / r.streaming.seconds, 0))/s"
        }
        table.note("daemon, streaming, CPU and wake-ups by thread: " + threads.joined(separator: ", ")
            + " (iio:device0 and event3 read the devices, through umockdev's preload; the detectors run on the pool threads)")
        table.note("daemon: \(options.squatd) run under umockdev (its preload library wraps every file and device call), "
            + "one IIO buffer and one evdev device, \(r.samplesPerDevice) samples each, one per read, a simulated thigh workout "
            + "(sets of 10 and 6 between 8 s standing); counted \(r.counted) reps of \(2 * r.trueRepsPerDevice) that end in the window; "
            + "sounds into ALSA's null PCM; watchdog at 15 s. CPU: utime+stime of /proc/PID/stat; wake-ups: voluntary + "
            + "involuntary context switches of all threads (/proc/PID/task/*/status) per second; RSS: VmRSS at the end (VmHWM)")
    }

    /// kB from /proc as MB (10⁶ bytes).
    static func megabytes(_ kilobytes: Int) -> String {
        Measurement.fixed(Double(kilobytes) * 1024 / 1e6, 1)
    }

    static func loadAverage() -> String {
        ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "?").split(separator: " ").prefix(3).joined(separator: " ")
    }

    static func progress(_ text: String) {
        FileHandle.standardError.write(Data("squatd-bench: \(text)\n".utf8))
    }
}

/// Command-line options of `squatd-bench`.
struct Options {
    /// The folder of this executable (where `swift build` put `squatd` and `sound-latency` too).
    let buildFolder = URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0])
        .deletingLastPathComponent().path
    /// The repository root, found from this source file's place in it.
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../..").standardizedFileURL.path
    var squatd = ""
    var data = repositoryRoot + "/Benchmarks/.data"
    var recordings = repositoryRoot + "/../shared/recordings/dev"
    var daemon = false
    /// Length of each of the daemon's two windows (silent, streaming).
    var daemonSeconds = 60.0

    func sibling(_ name: String) -> String { buildFolder + "/" + name }

    mutating func parse(_ arguments: ArraySlice<String>) throws {
        squatd = sibling("squatd")
        var arguments = arguments
        while let flag = arguments.popFirst() {
            switch flag {
            case "--daemon": daemon = true
            case "--squatd", "--data", "--recordings", "--daemon-seconds":
                guard let value = arguments.popFirst() else { throw usage("\(flag) needs a value") }
                switch flag {
                case "--squatd": squatd = value
                case "--data": data = value
                case "--daemon-seconds":
                    guard let seconds = Double(value), seconds >= 1 else { throw usage("--daemon-seconds needs a number ≥ 1") }
                    daemonSeconds = seconds
                    daemon = true
                default: recordings = value
                }
            default: throw usage("unknown option \(flag)")
            }
        }
    }

    private func usage(_ problem: String) -> BenchmarkFailure {
        BenchmarkFailure(description: "\(problem)\nusage: squatd-bench [--squatd PATH] [--data DIR] [--recordings DIR] [--daemon] [--daemon-seconds N]")
    }
}
