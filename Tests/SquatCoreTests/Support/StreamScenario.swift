import Testing
@testable import SquatCore

/// One synthetic recording for the detector: where the sensor is worn, the tempo, how it is
/// sampled, and the seed that fixes everything random (rep count 5–10, depths, mounting,
/// miscalibration, noise, jitter).
struct StreamScenario: Sendable, CustomTestStringConvertible {
    enum Wearing: String, Sendable {
        /// Thigh rotating 70° per rep; counted by the `tilt` profile.
        case thigh
        /// Waist dropping 0.4 m per rep; counted by the `lift` profile.
        case waist

        var placement: Placement { self == .thigh ? .thigh : .waist }

        var motion: SimulatedSensor.Motion {
            self == .thigh ? .thigh(maxTiltDegrees: 70) : .waist(drop: 0.4)
        }
    }

    var wearing: Wearing
    var secondsPerRep: Double
    var clock: SampleClock
    var seed: UInt64
    /// Standard deviation of the sensor noise per axis, m/s² (phone accelerometers: 0.01–0.05).
    var noise = 0.02
    var pauseBetweenReps = 0.0

    var testDescription: String {
        "\(wearing) \(secondsPerRep) s/rep \(clock) seed \(seed)" + (pauseBetweenReps > 0 ? " pause \(pauseBetweenReps) s" : "")
    }

    var profile: SquatProfile { SquatProfile(placement: wearing.placement) }

    func generate() -> SimulatedStream {
        var rng = SeededGenerator(seed: seed &* 0x9E37_79B9 &+ UInt64(secondsPerRep * 1000) &+ UInt64(clock.rateHz))
        var set = SquatSet(reps: Int.random(in: 5...10, using: &rng), secondsPerRep: secondsPerRep, using: &rng)
        set.pauseBetweenReps = pauseBetweenReps
        let sensor = SimulatedSensor(wearing.motion, noise: noise, using: &rng)
        return sensor.record(set, clock: clock, using: &rng)
    }
}
