#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import SquatCore

/// A body-worn accelerometer following a ``SquatSet``, reporting total acceleration in its own
/// frame the way a Linux IIO sensor does (+|g| on the axis pointing up at rest).
///
/// The sensor is mounted at a random orientation and its scale is off (|g| reads 9–14 m/s², as
/// real sensors do); every axis carries white noise.
struct SimulatedSensor {
    enum Motion: Sendable {
        /// On the front of the thigh: the thigh rotates by up to `maxTiltDegrees` about a
        /// horizontal axis; gravity's direction in the sensor frame is what changes.
        case thigh(maxTiltDegrees: Double)
        /// On a belt: moves straight down by up to `drop` metres and back up; the magnitude of
        /// the specific force changes, its direction does not.
        case waist(drop: Double)
    }

    static let standardGravity = 9.81

    var motion: Motion
    /// What this sensor reads for 1 g, m/s².
    var gravityReading: Double
    /// Standard deviation of the white noise on each axis, m/s².
    var noise: Double
    private var mountAxis: Vector3
    private var mountAngle: Double
    private var hingeAxis: Vector3

    init(_ motion: Motion, noise: Double = 0.1, using rng: inout SeededGenerator) {
        self.motion = motion
        self.noise = noise
        gravityReading = Double.random(in: 9...14, using: &rng)
        mountAxis = rng.unitVector()
        mountAngle = Double.random(in: 0..<(2 * Double.pi), using: &rng)
        let heading = Double.random(in: 0..<(2 * Double.pi), using: &rng)
        hingeAxis = Vector3(cos(heading), sin(heading), 0)
    }

    /// The reading at one point of the movement (`depth` 0 upright … ≈ 1 at the bottom,
    /// `depthAcceleration` its second derivative, 1/s²), without noise, m/s².
    func cleanReading(depth: Double, depthAcceleration: Double) -> Vector3 {
        let up = Vector3(0, 0, 1)
        let specificForce: Vector3
        switch motion {
        case let .thigh(maxTilt):
            // The sensor frame turns by +θ, so the world's up direction turns by −θ in it.
            specificForce = up.rotated(about: hingeAxis, by: -maxTilt * depth * Double.pi / 180)
                * SimulatedSensor.standardGravity
        case let .waist(drop):
            // Height is −drop·depth, so the vertical acceleration is −drop·depth''.
            specificForce = up * (SimulatedSensor.standardGravity - drop * depthAcceleration)
        }
        return specificForce.rotated(about: mountAxis, by: mountAngle)
            * (gravityReading / SimulatedSensor.standardGravity)
    }

    /// Samples of `set` at the times `clock` produces, with noise drawn from `rng`; the set's
    /// time 0 is the clock's `start`.
    func record(_ set: SquatSet, clock: SampleClock, using rng: inout SeededGenerator) -> SimulatedStream {
        let samples = clock.times(over: set.duration, using: &rng).map { t in
            let (d, dd) = set.depth(at: t - clock.start)
            let a = cleanReading(depth: d, depthAcceleration: dd)
            return Sample(t: t,
                          x: a.x + noise * rng.gaussian(),
                          y: a.y + noise * rng.gaussian(),
                          z: a.z + noise * rng.gaussian())
        }
        let truth = set.trueReps.map {
            SquatSet.TrueRep(start: $0.start + clock.start, bottom: $0.bottom + clock.start, end: $0.end + clock.start)
        }
        return SimulatedStream(samples: samples, trueReps: truth)
    }
}

/// Samples of a simulated set and when its reps really happened (on the samples' clock).
struct SimulatedStream {
    var samples: [Sample]
    var trueReps: [SquatSet.TrueRep]

    /// The samples with those from 1/4 to 3/4 of rep `index` removed (at least
    /// ``SquatDetector/maxSampleGap`` plus 50 ms, so the detector sees a gap), and where the gap is.
    func losingMiddle(ofRep index: Int) -> (samples: [Sample], gapStart: Double, gapEnd: Double) {
        let rep = trueReps[index]
        let length = rep.end - rep.start
        let gapStart = rep.start + length / 4
        let gapEnd = max(rep.start + length * 3 / 4, gapStart + SquatDetector.maxSampleGap + 0.05)
        return (samples.filter { $0.t <= gapStart || $0.t >= gapEnd }, gapStart, gapEnd)
    }
}

/// When a simulated sensor reports: a nominal rate, each interval optionally jittered uniformly
/// by up to ±`jitter` of the nominal spacing (Bluetooth and USB sensors batch and drift).
struct SampleClock: Sendable, CustomStringConvertible {
    var rateHz: Double
    var jitter = 0.0
    /// Time of the first sample, seconds (sensor clocks do not start at zero).
    var start = 1000.0

    func times(over duration: Double, using rng: inout SeededGenerator) -> [Double] {
        var times: [Double] = []
        times.reserveCapacity(Int(duration * rateHz) + 1)
        var t = 0.0
        while t <= duration {
            times.append(start + t)
            let spread = jitter > 0 ? Double.random(in: -jitter...jitter, using: &rng) : 0
            t += (1 + spread) / rateHz
        }
        return times
    }

    var description: String {
        jitter > 0 ? "\(rateHz) Hz ±\(Int(jitter * 100))%" : "\(rateHz) Hz"
    }
}

extension Vector3 {
    func cross(_ o: Vector3) -> Vector3 {
        Vector3(y * o.z - z * o.y, z * o.x - x * o.z, x * o.y - y * o.x)
    }

    /// This vector rotated by `angle` radians about the unit vector `axis` (Rodrigues).
    func rotated(about axis: Vector3, by angle: Double) -> Vector3 {
        self * cos(angle) + axis.cross(self) * sin(angle) + axis * (axis.dot(self) * (1 - cos(angle)))
    }
}
