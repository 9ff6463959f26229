import Foundation
import SquatCore
import SquatRecordings
import SquatSimulator

/// A squat set to stream through emulated devices: a real one recorded by someone else when
/// `../shared/recordings/dev` is present (its true count from the dataset), else a simulated one
/// (its true count from the simulator). Either way followed by a few seconds of standing still,
/// as a live sensor would go on reporting, so the last rep is not left waiting for a next sample.
struct SquatSet {
    var samples: [Sample]
    var reps: Int
    /// Where it came from, for failure messages.
    var origin: String
    /// Start and end of each true rep, seconds, when known (simulated sets).
    var repBounds: [(start: Double, end: Double)]

    static let devDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("../shared/recordings/dev").standardized.path

    /// 10 squats by subject 1 of the squat-imu dataset, phone on the thigh, 110 Hz.
    static func thigh() throws -> SquatSet {
        let file = devDirectory + "/squat-imu/class0_subject1_set1_thigh.csv"
        guard FileManager.default.fileExists(atPath: file) else { return simulated() }
        var samples: [Sample] = []
        try RecordingReader(path: file).forEach { samples.append($0) }
        let t0 = samples.first?.t ?? 0
        samples = samples.map { Sample(t: $0.t - t0 + 1, x: $0.x, y: $0.y, z: $0.z) }
        return SquatSet(samples: samples, reps: 10, origin: file, repBounds: []).standingStill(seconds: 3)
    }

    /// 8 simulated squats, thigh, 100 Hz, 1.5 s standing between reps.
    static func simulated(reps: Int = 8) -> SquatSet {
        var settings = SimulationSettings()
        settings.placement = .thigh
        settings.reps = reps
        settings.topPause = 1.5
        settings.dropRate = 0
        settings.seed = 7
        let recording = try! SquatSimulator(settings).run()
        let t0 = recording.samples.first?.t ?? 0
        let samples = recording.samples.map { Sample(t: $0.t - t0 + 1, x: $0.x, y: $0.y, z: $0.z) }
        let bounds = zip(recording.repStarts, recording.repEnds).map { ($0 - t0 + 1, $1 - t0 + 1) }
        return SquatSet(samples: samples, reps: recording.expectedReps, origin: "simulated, seed 7",
                        repBounds: bounds).standingStill(seconds: 3)
    }

    /// The set with `seconds` more of the last reading at 100 Hz.
    func standingStill(seconds: Double) -> SquatSet {
        guard let last = samples.last else { return self }
        var copy = self
        copy.samples += Self.still(after: last, seconds: seconds)
        return copy
    }

    /// `seconds` of the reading `last` at 100 Hz, after it.
    static func still(after last: Sample, seconds: Double) -> [Sample] {
        (1...Int(seconds * 100)).map { Sample(t: last.t + Double($0) / 100, x: last.x, y: last.y, z: last.z) }
    }

    /// The same set `seconds` later (a device's times must keep increasing).
    func shifted(by seconds: Double) -> SquatSet {
        var copy = self
        copy.samples = samples.map { Sample(t: $0.t + seconds, x: $0.x, y: $0.y, z: $0.z) }
        copy.repBounds = repBounds.map { ($0.start + seconds, $0.end + seconds) }
        return copy
    }

    var duration: Double { (samples.last?.t ?? 0) - (samples.first?.t ?? 0) }
}
