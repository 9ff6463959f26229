#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import SquatCore

/// Samples no accelerometer makes reach the detector from files, from sensors whose scale or
/// mount matrix is set wrong, and from drivers that report zeros before their first conversion.
/// None may trap, and none may spoil the count of the squats around it
/// (``SquatDetector/isMeasurement(_:)``).
@Suite struct MalformedSampleTests {
    /// A set of 5–10 squats at 2.5 s per rep, 100 Hz, and what a fresh detector counts in it.
    static func set(_ wearing: StreamScenario.Wearing) -> (samples: [Sample], profile: SquatProfile, count: Int) {
        let scenario = StreamScenario(wearing: wearing, secondsPerRep: 2.5, clock: SampleClock(rateHz: 100), seed: 3)
        let samples = scenario.generate().samples
        return (samples, scenario.profile, DetectorRun(profile: scenario.profile, samples: samples).reps.count)
    }

    /// The stream with one sample's reading replaced, 0.3 s in (before the first rep: where the
    /// detector learns |g| and the standing posture).
    static func replacing(_ samples: [Sample], at index: Int = 30, with v: (x: Double, y: Double, z: Double)) -> [Sample] {
        var copy = samples
        copy[index] = Sample(t: copy[index].t, x: v.x, y: v.y, z: v.z)
        return copy
    }

    /// One sample of 1e20 m/s² crashed `squatd replay` (a level index past `Int.max`); one of
    /// 1e200 overflows |a|² to infinity, which made |g| infinite and then NaN for the rest of
    /// the stream (0 of 20 counted on the waist, the thigh's tilt stuck at 90°); 1e6 taught a
    /// |g| that took minutes to forget. Skipped as lost, none changes the count.
    @Test(arguments: [StreamScenario.Wearing.thigh, .waist], [1e6, 1e20, 1e200, -.infinity, .nan])
    func anImpossibleReadingIsSkipped(wearing: StreamScenario.Wearing, value: Double) {
        let (samples, profile, count) = Self.set(wearing)
        #expect(count >= 5)
        let run = DetectorRun(profile: profile, samples: Self.replacing(samples, with: (value, 0, 9.81)))
        #expect(run.reps.count == count, "\(wearing), one sample of \(value): \(run.reps.count) of \(count)")
    }

    /// Drivers report the zero vector before their first conversion, and a sensor stuck for a
    /// minute reads it throughout. Taken as data it primed the filters at 0 g, and on the wrist
    /// |g| then stayed at 0.2 m/s² for good. A stream that starts with zeros, and one with a
    /// minute of zeros between two sets, count what the sets hold.
    @Test(arguments: [StreamScenario.Wearing.thigh, .waist])
    func zeroReadingsAreSkipped(wearing: StreamScenario.Wearing) {
        let (samples, profile, count) = Self.set(wearing)
        let leading = Self.replacing(samples, at: 0, with: (0, 0, 0))
        #expect(DetectorRun(profile: profile, samples: leading).reps.count == count)

        let end = samples.last!.t
        let stuck = (1...6000).map { Sample(t: end + Double($0) * 0.01, x: 0, y: 0, z: 0) }
        let second = samples.map { Sample(t: $0.t + end + 62 - samples[0].t, x: $0.x, y: $0.y, z: $0.z) }
        let run = DetectorRun(profile: profile, samples: samples + stuck + second)
        #expect(run.reps.count == 2 * count, "\(wearing): \(run.reps.count) of \(2 * count) around a minute of zeros")
    }

    /// A wrist band learns |g| from its first sample and then only from samples a squat could
    /// make (within 60 % of it). At 12.5 Hz the filtered |a| leaves a first reading of 3 m/s²
    /// (a jolt, on a band that reads 9.81 at rest) in one step too large for that, and |g|
    /// stayed at 3 for good: a slow barbell set with such a first row counted 3 of 5. Samples
    /// measure |g| from the start until the filter has forgotten the first one.
    @Test(arguments: [12.5, 100])
    func aWristThatStartsOnAJoltStillLearnsGravity(rateHz: Double) {
        var signal = SquatSignal(kind: .bounce, lowPassHz: 2.5)
        _ = signal.step(Vector3(3, 0, 0), dt: 0, phase: .standing)
        for _ in 1...Int(20 * rateHz) {
            _ = signal.step(Vector3(0, 5.9, 7.83), dt: 1 / rateHz, phase: .standing)
        }
        #expect(abs(signal.gravity - 9.8) < 0.1, "|g| learned: \(signal.gravity) m/s²")
    }

    /// A `start_level` override as small as a config file accepts (any positive number) made
    /// the levels a movement is timed by so fine that their index overflowed `Int` and the
    /// detector trapped (this test's process died), on `lift` and on the upper arm's `tilt`.
    @Test(arguments: [Placement.waist, .upperArm])
    func aTinyStartLevelDoesNotTrap(placement: Placement) {
        let (samples, _, _) = Self.set(.waist)
        var overrides = Thresholds.Overrides()
        overrides.startLevel = 1e-20
        var detector = SquatDetector(profile: SquatProfile(placement: placement, overrides: overrides))
        var signals = 0
        for s in samples {
            _ = detector.step(s)
            if detector.probe.signal.isFinite { signals += 1 }
        }
        #expect(signals == samples.count)
    }
}
