import Foundation

/// Runs the `sound-latency` benchmark (built beside this one) and reads its figures for
/// "rep counted → first frames accepted by ALSA" from the line it prints for them.
struct SoundLatencyRun {
    struct Result {
        var medianMilliseconds: Double
        var p99Milliseconds: Double
        var count: Int
        var pcm: String
    }

    let executable: String
    var pcm: String
    var reps = 500

    func run() throws -> Result {
        let output = "/tmp/squatd-bench-sound-\(getpid()).txt"
        defer { unlink(output) }
        let outcome = try ChildProcess.run([executable, "--reps", String(reps), "--pcm", pcm], stdout: output)
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        guard outcome.status == 0,
              let line = text.split(separator: "\n").first(where: { $0.contains("first frames accepted by ALSA") }),
              let median = Self.milliseconds(after: "median ", in: line),
              let p99 = Self.milliseconds(after: "p99 ", in: line),
              let count = Self.milliseconds(after: "(n=", in: line)
        else {
            throw BenchmarkFailure(description: "sound-latency failed (status \(outcome.status)):\n\(text)")
        }
        return Result(medianMilliseconds: median, p99Milliseconds: p99, count: Int(count), pcm: pcm)
    }

    /// The number right after `label` in `line`.
    private static func milliseconds(after label: String, in line: Substring) -> Double? {
        guard let range = line.range(of: label) else { return nil }
        return Double(line[range.upperBound...].prefix { $0.isNumber || $0 == "." })
    }
}
