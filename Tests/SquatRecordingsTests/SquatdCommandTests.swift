import Foundation
import Testing
import SquatCore
@testable import SquatRecordings

/// What a run of the built `squatd` binary did.
struct CommandOutcome {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// The `squatd` binary that `swift build` put next to the test bundle (the way
/// swift-argument-parser's `AssertExecuteCommand` finds its examples).
var squatdBinary: URL {
    var products = Bundle.main.bundleURL
    if products.lastPathComponent.hasSuffix("xctest") { products.deleteLastPathComponent() }
    return products.appendingPathComponent("squatd")
}

/// Runs the built `squatd`, killing it after `timeout` seconds so a hang fails the test
/// instead of the run.
func squatd(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:],
            timeout: Double = 60) throws -> CommandOutcome {
    try run(squatdBinary, arguments, stdin: stdin, environment: environment, timeout: timeout)
}

/// Runs `script` with `/bin/sh`, `$SQUATD` naming the built `squatd`: for command lines a
/// Swift `String` cannot carry, such as file names that are not UTF-8 (`"$(printf '\\377.csv')"`).
func squatdInShell(_ script: String, timeout: Double = 60) throws -> CommandOutcome {
    try run(URL(fileURLWithPath: "/bin/sh"), ["-c", script], stdin: nil, environment: ["SQUATD": squatdBinary.path], timeout: timeout)
}

private func run(_ binary: URL, _ arguments: [String], stdin: String?, environment: [String: String],
                 timeout: Double) throws -> CommandOutcome {
    let dir = TemporaryDirectory()
    let outURL = URL(fileURLWithPath: dir.write("stdout", "")), errURL = URL(fileURLWithPath: dir.write("stderr", ""))
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
    process.standardOutput = try FileHandle(forWritingTo: outURL)
    process.standardError = try FileHandle(forWritingTo: errURL)
    if let stdin {
        let inURL = URL(fileURLWithPath: dir.write("stdin", stdin))
        process.standardInput = try FileHandle(forReadingFrom: inURL)
    } else {
        process.standardInput = FileHandle.nullDevice
    }
    try process.run()
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline { usleep(10_000) }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
    return CommandOutcome(status: process.terminationStatus,
                          stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
                          stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
}

@Suite struct SquatdReplayCommandTests {
    let dir = TemporaryDirectory()
    let thigh: String

    init() throws {
        thigh = dir.prepare("thigh.csv")
        try SyntheticRecordings.write(SyntheticRecordings.thighSquats(reps: 3), to: thigh, metadata: [("placement", "thigh")])
    }

    @Test func humanOutputIsOneLinePerRepThenTheTotal() throws {
        let run = try squatd(["replay", thigh])
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines.prefix(3).allSatisfy { $0.hasPrefix("rep ") && $0.hasSuffix(" s)") })
        #expect(lines.last == "\(thigh): 3 squats (profile thigh from the file, sensitivity 5)")
        #expect(run.stderr.isEmpty)
    }

    @Test func jsonLinesOneObjectPerFile() throws {
        let other = dir.prepare("five.csv")
        try SyntheticRecordings.write(SyntheticRecordings.thighSquats(reps: 5, rateHz: 25), to: other)
        let run = try squatd(["replay", "--json", "--profile", "pocket", "--sensitivity", "6", thigh, other])
        #expect(run.status == 0)
        let objects = try run.stdout.split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
        }
        #expect(objects.map { $0["file"] as? String } == [thigh, other])
        #expect(objects.map { $0["count"] as? Int } == [3, 5])
        #expect(objects.allSatisfy { $0["profile"] as? String == "thigh" && $0["sensitivity"] as? Int == 6 })
        let reps = objects[0]["reps"] as! [[String: Any]]
        #expect(reps.count == 3)
        #expect(Set(reps[0].keys) == ["t", "start", "end", "duration", "amplitude", "latency"])
        #expect((reps[0]["t"] as! Double) == (reps[0]["end"] as! Double))
    }

    @Test func standardInputIsReadForDash() throws {
        let run = try squatd(["replay", "-"], stdin: dir.read("thigh.csv"))
        #expect(run.status == 0)
        #expect(run.stdout.hasSuffix("-: 3 squats (profile thigh from the file, sensitivity 5)\n"))
    }

    @Test func badDataExits65WithPositionAndNoCount() throws {
        let bad = dir.write("bad.csv", "# placement: thigh\nt,ax,ay,az\n0,0,9.8,0\n0.1,0,nan,0\n")
        let run = try squatd(["replay", bad])
        #expect(run.status == 65)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "\(bad):4:3: NaN or infinite value 'nan' (ay)\n")
    }

    @Test func missingFileExits66() throws {
        let run = try squatd(["replay", dir.path + "/absent.csv"])
        #expect(run.status == 66)
        #expect(run.stderr == "\(dir.path)/absent.csv: cannot read: No such file or directory\n")
    }

    @Test func severalFilesAreAllProcessedAndTheWorstCodeWins() throws {
        let bad = dir.write("bad.csv", "time,x,y,z\n0,0,9.8,0\n")
        let run = try squatd(["replay", bad, thigh, dir.path + "/absent.csv"])
        #expect(run.status == 66)
        #expect(run.stdout.hasSuffix("\(thigh): 3 squats (profile thigh from the file, sensitivity 5)\n"))
        #expect(run.stderr.hasPrefix("\(bad):1:1: unknown header 'time,x,y,z'"))
        #expect(run.stderr.contains("absent.csv: cannot read"))
        let dataOnly = try squatd(["replay", thigh, bad])
        #expect(dataOnly.status == 65)
    }

    @Test func badOptionsExit64AndNameTheValidValues() throws {
        let profile = try squatd(["replay", "--profile", "elbow", thigh])
        #expect(profile.status == 64)
        #expect(profile.stderr.contains("Unknown profile 'elbow'. Valid profiles: thigh, waist, calf, wrist, upper-arm, head, chest, hand"))
        for value in ["0", "11", "loud"] {
            let sensitivity = try squatd(["replay", "--sensitivity", value, thigh])
            #expect(sensitivity.status == 64)
            #expect(sensitivity.stderr.contains("Sensitivity must be a whole number from 1 to 10, not '\(value)'."))
        }
        #expect(try squatd(["replay"]).status == 64)
        #expect(try squatd(["replay", "--no-such-flag", thigh]).status == 64)
    }

    @Test func hostileInputEndsWithAnErrorNotACrash() throws {
        var garbage = [UInt8](repeating: 0, count: 2_100_000)
        for i in garbage.indices { garbage[i] = UInt8(truncatingIfNeeded: (i &* 2654435761) >> 13) }
        let binary = dir.write("garbage.bin", bytes: garbage)
        let longLine = dir.write("long.csv", bytes: Array("t,ax,ay,az\n".utf8) + [UInt8](repeating: 0x31, count: 2_000_000))
        let empty = dir.write("empty.csv", "")
        let run = try squatd(["replay", binary, longLine, empty], timeout: 30)
        #expect(run.status == 65)
        let errors = run.stderr.split(separator: "\n")
        #expect(errors.count == 3)
        #expect(errors[1] == "\(longLine):2:1: line longer than \(RecordingReader.maximumLineLength) bytes")
        #expect(errors[2] == "\(empty): no samples")
    }

    /// Six reps of 1.2 s with 0.2 s between (8.6 s): the first three are printed when the set
    /// is confirmed, at the third rep's count (~4 s), the last when it happens (~8.2 s), then the
    /// total at the end of the file. Each line's arrival is timed through a pipe.
    @Test func realtimePrintsRepsAsTheyHappen() throws {
        let short = dir.prepare("short.csv")
        let samples = SyntheticRecordings.thighSquats(reps: 6, secondsPerRep: 1.2, pauseSeconds: 0.2)
        try SyntheticRecordings.write(samples, to: short)
        var products = Bundle.main.bundleURL
        if products.lastPathComponent.hasSuffix("xctest") { products.deleteLastPathComponent() }
        let process = Process()
        process.executableURL = products.appendingPathComponent("squatd")
        process.arguments = ["replay", "--realtime", short]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardInput = FileHandle.nullDevice
        let started = Date()
        try process.run()
        var arrivals: [(line: String, at: Double)] = []
        var pending = Data()
        while true {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            pending += chunk
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                arrivals.append((String(decoding: pending[pending.startIndex..<newline], as: UTF8.self), Date().timeIntervalSince(started)))
                pending = pending[(newline + 1)...]
            }
        }
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        try #require(arrivals.count == 7, "\(arrivals)")
        let duration = samples.last!.t - samples.first!.t
        // Paced: the run lasts the recording, not a moment (nor much more).
        #expect(arrivals[6].at >= duration - 0.3 && arrivals[6].at <= duration + 2, "\(arrivals)")
        // As they happen: the first rep is shown seconds before the end, the last rep about
        // 1.2 s after the third.
        #expect(arrivals[0].at < arrivals[6].at - 3, "\(arrivals)")
        #expect(arrivals[5].at - arrivals[2].at > 3, "\(arrivals)")
    }

    /// `squatd replay --realtime FILE | head -1`: once head has quit, the next line ends the
    /// replay (SIGPIPE, status 141) rather than the replay pacing through the rest of the file
    /// unheard (with SIGPIPE ignored it did, and exited 0). Started with SIGPIPE's default
    /// action, as from a shell: the test process ignores it and its children inherit that.
    @Test func aReaderThatQuitsEndsARealtimeReplay() throws {
        let file = dir.prepare("head.csv")
        try SyntheticRecordings.write(SyntheticRecordings.thighSquats(reps: 6, secondsPerRep: 1.2, pauseSeconds: 0.2), to: file)
        let run = try squatdInShell("""
            bash -c 'env --default-signal=PIPE "$SQUATD" replay --realtime "$1" | head -1 >/dev/null; echo "${PIPESTATUS[0]}"' _ '\(file)'
            """)
        #expect(run.stdout == "141\n", "replay's status once head has quit: \(run.stdout) \(run.stderr)")
    }

    /// `--sound` with a PCM that does not exist: counting is untouched and one log line says why
    /// there is no sound (real libasound; the hermetic config has no such PCM).
    @Test func soundWithoutADeviceStillCountsAndSaysSoOnce() throws {
        let file = dir.prepare("sound.csv")
        try SyntheticRecordings.write(SyntheticRecordings.thighSquats(reps: 3, secondsPerRep: 1.2, pauseSeconds: 0.2), to: file)
        let run = try squatd(["replay", "--realtime", "--sound", "--pcm", "squatd_test_no_such_pcm", file])
        #expect(run.status == 0)
        #expect(run.stdout.hasSuffix("3 squats (profile thigh (default), sensitivity 5)\n"))
        #expect(run.stderr.components(separatedBy: "No sound:").count == 2, Comment(rawValue: run.stderr))
    }

    /// A sound card with one playback substream (`hw:N`, `plughw:N`) cannot be open twice: the
    /// three reps sounded together when a set is confirmed play one after another, every rep is
    /// heard, and no warning blames another program. No ALSA plugin refuses a second open, so
    /// the card is stood in for by a small LD_PRELOAD library, built here with a C compiler,
    /// that sends every PCM name to ALSA's `null` device, refuses an open with EBUSY
    /// while one is open and makes a drain last 100 ms, as a short sound's does. Until November
    /// 2026 a player refused while another was still inside `snd_pcm_open` took the refusal for
    /// another program's: a sound was lost and an outage warned.
    @Test func aCardThatCannotMixPlaysEveryRepOneAfterAnother() throws {
        guard let shim = try Self.exclusivePCMLibrary(in: dir) else {
            print("Test \(#function) skipped: no C compiler (cc, clang) or ALSA headers to build the stand-in card")
            return
        }
        let file = dir.prepare("exclusive.csv")
        try SyntheticRecordings.write(SyntheticRecordings.thighSquats(reps: 6, secondsPerRep: 1.2, pauseSeconds: 0.2), to: file)
        let run = try squatd(["replay", "--realtime", "--sound", "--pcm", "hw:9", file], environment: ["LD_PRELOAD": shim])
        #expect(run.status == 0)
        #expect(run.stdout.hasSuffix("6 squats (profile thigh (default), sensitivity 5)\n"))
        #expect(run.stderr.components(separatedBy: "exclusive-pcm: opened").count - 1 == 6, Comment(rawValue: run.stderr))
        #expect(run.stderr.contains("exclusive-pcm: refused"), "the three sounds of the confirmed set met the busy card")
        #expect(!run.stderr.contains("No sound"), Comment(rawValue: run.stderr))
    }

    /// Builds the stand-in card of ``aCardThatCannotMixPlaysEveryRepOneAfterAnother()`` in `dir`;
    /// nil when there is no C compiler or no ALSA headers.
    static func exclusivePCMLibrary(in dir: TemporaryDirectory) throws -> String? {
        let source = dir.write("exclusive-pcm.c", """
            #define _GNU_SOURCE
            #include <alsa/asoundlib.h>
            #include <dlfcn.h>
            #include <errno.h>
            #include <pthread.h>
            #include <stdio.h>
            #include <unistd.h>
            static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
            static snd_pcm_t *holder;
            int snd_pcm_open(snd_pcm_t **pcm, const char *name, snd_pcm_stream_t stream, int mode) {
                int (*real)(snd_pcm_t **, const char *, snd_pcm_stream_t, int) = dlsym(RTLD_NEXT, "snd_pcm_open");
                pthread_mutex_lock(&lock);
                int rc = holder ? -EBUSY : real(pcm, "null", stream, mode);
                if (rc == 0) holder = *pcm;
                pthread_mutex_unlock(&lock);
                fprintf(stderr, rc == 0 ? "exclusive-pcm: opened\\n" : "exclusive-pcm: refused\\n");
                return rc;
            }
            int snd_pcm_close(snd_pcm_t *pcm) {
                int (*real)(snd_pcm_t *) = dlsym(RTLD_NEXT, "snd_pcm_close");
                pthread_mutex_lock(&lock);
                if (pcm == holder) holder = NULL;
                pthread_mutex_unlock(&lock);
                return real(pcm);
            }
            int snd_pcm_drain(snd_pcm_t *pcm) {
                int (*real)(snd_pcm_t *) = dlsym(RTLD_NEXT, "snd_pcm_drain");
                usleep(100000);
                return real(pcm);
            }
            """)
        let library = dir.prepare("exclusive-pcm.so")
        // The system's cc, else the clang that comes with the Swift toolchain (on CI's PATH).
        for cc in ["cc", "clang"] {
            let compiler = Process()
            compiler.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            compiler.arguments = [cc, "-shared", "-fPIC", "-o", library, source, "-ldl", "-lpthread"]
            compiler.standardOutput = FileHandle.nullDevice
            compiler.standardError = FileHandle.nullDevice
            do { try compiler.run() } catch { continue }
            compiler.waitUntilExit()
            if compiler.terminationStatus == 0 { return library }
        }
        return nil
    }

    @Test func soundNeedsRealtime() throws {
        let run = try squatd(["replay", "--sound", dir.prepare("unused.csv")])
        #expect(run.status == 64)
        #expect(run.stderr.contains("--sound needs --realtime."))
    }
}

@Suite struct SquatdEvaluateCommandTests {
    @Test func tableJSONAndExitCodes() throws {
        let dir = TemporaryDirectory()
        try SyntheticRecordings.write(SyntheticRecordings.thighSquats(reps: 4), to: dir.prepare("four.csv"))
        try SyntheticRecordings.write(SyntheticRecordings.standing(seconds: 30), to: dir.prepare("idle.csv"))
        dir.write("manifest.csv", """
            file,source,subject,placement,kind,expected_reps,rate_hz,duration_s,truth,notes
            four.csv,synth,1,thigh,squat,4,100,,built,"clean, deep"
            idle.csv,synth,1,thigh,idle,0,50,30,built,standing

            """)
        let table = try squatd(["evaluate", dir.path])
        #expect(table.status == 0)
        #expect(table.stdout.contains("synth    thigh         1  100.0%  100.0%  0.00       0.5       0.00"))
        #expect(table.stdout.contains("overall"))
        let json = try squatd(["evaluate", "--json", dir.path])
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        #expect((object["overall"] as! [String: Any])["exact_rate"] as? Double == 1)

        dir.write("manifest.csv", dir.read("manifest.csv") + "gone.csv,synth,1,thigh,squat,3,,,,\n")
        let withMissing = try squatd(["evaluate", dir.path])
        #expect(withMissing.status == 66)
        #expect(withMissing.stdout.contains("gone.csv: cannot read"))
        #expect(try squatd(["evaluate", dir.path + "/nowhere"]).status == 66)
        dir.write("manifest.csv", "file,source\nx,y\n")
        let badManifest = try squatd(["evaluate", dir.path])
        #expect(badManifest.status == 65)
        #expect(badManifest.stderr == "\(dir.path)/manifest.csv:1:3: missing column 'placement'\n")
    }

    /// A manifest's paths are relative to its directory, a leading `/` included: it must not
    /// score another file elsewhere on the disk.
    @Test func manifestPathsStayInsideTheDirectory() throws {
        let dir = TemporaryDirectory()
        try SyntheticRecordings.write(SyntheticRecordings.thighSquats(reps: 4), to: dir.prepare("sub/four.csv"))
        dir.write("manifest.csv", """
            file,source,subject,placement,kind,expected_reps,rate_hz,duration_s,truth,notes
            /sub/four.csv,synth,1,thigh,squat,4,100,,built,

            """)
        let run = try squatd(["evaluate", dir.path])
        #expect(run.status == 0, Comment(rawValue: run.stderr))
        #expect(run.stdout.contains("synth    thigh         1  100.0%  100.0%  0.00"))
    }

    /// `--sensitivity` scores every file at another sensitivity: a set of four 16° thigh squats
    /// is under the thigh's 20° at 5 and counts at 7; 11 is bad usage.
    @Test func sensitivityScoresAtAnotherSensitivity() throws {
        let dir = TemporaryDirectory()
        try SyntheticRecordings.write(SyntheticRecordings.thighSquats(reps: 4, depthDegrees: 16), to: dir.prepare("shallow.csv"))
        dir.write("manifest.csv", """
            file,source,subject,placement,kind,expected_reps,rate_hz,duration_s,truth,notes
            shallow.csv,synth,1,thigh,squat,4,100,,built,shallow

            """)
        #expect(try squatd(["evaluate", dir.path]).stdout.contains("synth    thigh         1   0.0%  0.0%  4.00"))
        #expect(try squatd(["evaluate", "--sensitivity", "7", dir.path]).stdout.contains("synth    thigh         1  100.0%  100.0%  0.00"))
        let bad = try squatd(["evaluate", "--sensitivity", "11", dir.path])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("Sensitivity must be a whole number from 1 to 10, not '11'."))
    }
}
