import Foundation

/// Times `squatd replay FILE` end to end (process start to exit, output to a file) against
/// `wc -l FILE` on the same file in the same run, alternating, after one unmeasured `wc -l`
/// that brings the file into the page cache. The best of `rounds` runs of each is kept, for
/// wall time and for CPU time (user + system) separately.
struct ReplayBenchmark {
    struct Timing {
        var wall = Double.infinity
        var cpu = Double.infinity

        mutating func keepBest(_ outcome: ChildProcess.Outcome) {
            wall = min(wall, outcome.wallSeconds)
            cpu = min(cpu, outcome.cpuSeconds)
        }
    }

    struct Result {
        var bytes: Int
        var replay = Timing()
        var wordCount = Timing()
        /// The closing line `squatd replay` printed (`FILE: N squats (…)`).
        var totalLine = ""
    }

    let squatd: String
    let day: DayRecording
    var rounds = 3

    func run() throws -> Result {
        let attributes = try FileManager.default.attributesOfItem(atPath: day.path)
        var result = Result(bytes: (attributes[.size] as? NSNumber)?.intValue ?? 0)
        let output = NSTemporaryDirectory() + "squatd-bench-replay-\(getpid()).txt"
        defer { unlink(output) }
        _ = try ChildProcess.run(["wc", "-l", day.path], stdout: "/dev/null")
        for _ in 0..<rounds {
            result.wordCount.keepBest(try ChildProcess.run(["wc", "-l", day.path], stdout: "/dev/null"))
            let replay = try ChildProcess.run([squatd, "replay", day.path], stdout: output)
            guard replay.status == 0 else {
                throw BenchmarkFailure(description: "\(squatd) replay \(day.path) exited with status \(replay.status)")
            }
            result.replay.keepBest(replay)
        }
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        result.totalLine = text.split(separator: "\n").last.map(String.init) ?? ""
        return result
    }
}
