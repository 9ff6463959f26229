import SquatCore
@testable import SquatRecordings

/// Recordings made up in the tests, with counts known by construction.
enum SyntheticRecordings {
    /// A thigh sensor (y along the thigh, up when standing) doing `reps` squats: the thigh
    /// swings 0° → `depthDegrees` → 0° in `secondsPerRep`, with `pauseSeconds` standing
    /// before the first rep and between reps, sampled at `rateHz`.
    static func thighSquats(reps: Int, rateHz: Double = 100, secondsPerRep: Double = 2.5,
                            pauseSeconds: Double = 1.5, depthDegrees: Double = 80, startTime: Double = 0) -> [Sample] {
        let total = pauseSeconds + Double(reps) * (secondsPerRep + pauseSeconds)
        var samples: [Sample] = []
        var i = 0
        while Double(i) / rateHz <= total {
            let t = Double(i) / rateHz
            let cycle = secondsPerRep + pauseSeconds
            let inCycle = (t - pauseSeconds).truncatingRemainder(dividingBy: cycle)
            var angle = 0.0
            if t >= pauseSeconds, inCycle < secondsPerRep, Int((t - pauseSeconds) / cycle) < reps {
                angle = depthDegrees * (1 - cos(2 * Double.pi * inCycle / secondsPerRep)) / 2
            }
            let radians = angle * Double.pi / 180
            let wobble = 0.02 * sin(Double(i) * 1.7)
            samples.append(Sample(t: startTime + t, x: wobble, y: 9.81 * cos(radians), z: 9.81 * sin(radians)))
            i += 1
        }
        return samples
    }

    /// Standing still (small sensor noise) for `seconds`.
    static func standing(seconds: Double, rateHz: Double = 50) -> [Sample] {
        (0...Int(seconds * rateHz)).map { i in
            Sample(t: Double(i) / rateHz, x: 0.03 * sin(Double(i) * 2.3), y: 9.81, z: 0.03 * cos(Double(i) * 1.1))
        }
    }

    /// Writes `samples` as recording v1 with `metadata` to `path`.
    static func write(_ samples: [Sample], to path: String, metadata: [(key: String, value: String)] = []) throws {
        let writer = try RecordingWriter(to: path, metadata: metadata)
        for s in samples { try writer.write(s) }
        try writer.close()
    }
}

// Foundation-free cos/sin come from Glibc.
import Glibc
