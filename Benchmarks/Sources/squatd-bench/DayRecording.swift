import Foundation
import SquatCore
import SquatRecordings
import SquatSimulator

/// A day of a thigh sensor at 100 Hz (24 h, about 8.6 million samples, ~330 MB) as a
/// recording v1 file: mostly standing and walking about, sitting, handling the phone and
/// gesturing, with one set of squats every hour. Built from ``SquatSimulator`` segments (what
/// `squatd simulate` runs, at most an hour each) and written with ``RecordingWriter`` (what
/// `squatd simulate -o` uses).
///
/// Generating it takes a while, so it is kept in a cache folder (never in git) under a name
/// that changes with the plan below; a `.samples` file beside it, written last, holds the sample
/// count and marks the recording complete.
struct DayRecording {
    /// Bump when the plan changes, so a stale cached file is not reused.
    static let version = 3
    let path: String
    let sampleCount: Int
    let expectedReps: Int

    /// The cached day in `folder`, made first when absent.
    static func cached(in folder: String, log: (String) -> Void) throws -> DayRecording {
        let path = "\(folder)/day-thigh-100hz-v\(version).csv"
        let fields = (try? String(contentsOfFile: path + ".samples", encoding: .utf8))?.split(separator: " ") ?? []
        if fields.count == 2, let samples = Int(fields[0]), let reps = Int(fields[1].filter(\.isNumber)) {
            return DayRecording(path: path, sampleCount: samples, expectedReps: reps)
        }
        mkdir(folder, 0o755)
        log("generating \(path) (once; cached for later runs)…")
        let partial = path + ".partial"
        var session = SimulatedSession(placement: .thigh, seed: 2024)
        let writer = try RecordingWriter(to: partial, metadata: [
            ("source", "squatd-bench: a simulated day, \(SimulatedSession.self) segments"),
            ("placement", "thigh"),
            ("kind", "day"),
        ])
        let tempos = [2.5, 2.0, 3.0, 4.0, 1.5, 2.5]
        for hour in 0..<24 {
            let plan: [(inout SimulationSettings) -> Void] = [
                { $0.activity = .squats; $0.reps = 10 + hour % 6; $0.tempo = tempos[hour % tempos.count] },
                { $0.activity = .handling; $0.duration = 1500 },
                { $0.activity = .walking; $0.duration = 600 },
                { $0.activity = .sitStand; $0.duration = 900 },
                { $0.activity = .pickUp; $0.duration = 120 },
                { $0.activity = .armGestures; $0.duration = 120 },
                { $0.activity = .handling; $0.duration = 300 },
            ]
            for segment in plan { try session.append(segment) { try writer.write($0) } }
        }
        try writer.close()
        guard rename(partial, path) == 0 else { throw BenchmarkFailure(description: "cannot rename \(partial)") }
        try "\(session.sampleCount) \(session.repEnds.count)\n".write(toFile: path + ".samples", atomically: true, encoding: .utf8)
        return DayRecording(path: path, sampleCount: session.sampleCount, expectedReps: session.repEnds.count)
    }
}
