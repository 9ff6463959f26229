#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import SquatCore

/// How ``SquatSignal`` reads the turn of a movement (``SquatSignal/greatestTurn``).
@Suite struct SquatSignalTests {
    static let g = 9.81

    /// At 12.5 Hz, a hand swinging a controller once per stride: |a| jumps between 2.2 g and
    /// 0.4 g every half stride (0.48 s), so the low-passed |a| passes through |g| between two
    /// samples and no sample is within 10 % of it, while the controller turns by 80° within the
    /// first half stride.
    /// The turn is read where |a| passed through |g| (the two samples interpolated): before,
    /// a movement without a quasi-static sample read as no turn at all, and a walk with the
    /// controller counted as squats at 12.5 Hz (turning 70–100° per stride, rejected at 100 Hz).
    /// (`bounce` reads such a movement from its mean direction instead, see
    /// ``aWavingArmIsReadFromItsMeanDirection(rateHz:)``.)
    @Test func aTurnTooFastForAnyQuasiStaticSampleIsRead() {
        var signal = SquatSignal(kind: .lift, lowPassHz: 2.5)
        let dt = 0.08, turn = 80.0, axis = Vector3(0.6, 0.8, 0)
        let mount = Vector3(0, 0, 1).rotated(about: Vector3(1, 0, 0), by: 0.7)
        for _ in 0..<Int(3 / dt) {
            _ = signal.step(mount * Self.g, dt: dt, phase: .standing)
        }
        for i in 0..<18 {
            let length = (i % 12 < 6 ? 2.2 : 0.4) * Self.g
            let angle = turn * Double.pi / 180 * min(Double(i + 1) / 6, 1)
            _ = signal.step(mount.rotated(about: axis, by: angle) * length, dt: dt,
                            phase: .descending)
        }
        #expect(signal.greatestTurn > 60, "read \(signal.greatestTurn)° of an 80° turn")
    }

    /// A shin upright for 3 s, then leaning 20° forward and back in 8 s (at 100 Hz, slowly
    /// enough for the 1.5 Hz low-pass to follow): out and back along one line it encloses
    /// nothing; round a circle through upright 20° across
    /// (``HingedSegmentTests/shin(forward:sideways:)``) it encloses the circle, π/4 · (20°)²,
    /// 0.096 square radians, either way round (``SquatSignal/leanLoopArea``; within 10 %).
    @Test(arguments: [(0.0, 0.0), (1.0, Double.pi / 4), (-1.0, Double.pi / 4)])
    func aLeanEnclosesTheAreaOfItsLoop(width: Double, fractionOfDepthSquared: Double) {
        var signal = SquatSignal(kind: .tilt, lowPassHz: 1.5)
        let dt = 0.01, depth = 20.0
        for _ in 0..<300 {
            _ = signal.step(HingedSegmentTests.shin(forward: 0) * Self.g, dt: dt, phase: .standing)
        }
        for i in 0...800 {
            let angle = 2 * Double.pi * Double(i) / 800
            let lean = HingedSegmentTests.shin(forward: depth * (1 - cos(angle)) / 2, sideways: width * depth * sin(angle) / 2)
            _ = signal.step(lean * Self.g, dt: dt, phase: .descending)
        }
        let circle = Double.pi / 4 * pow(depth * Double.pi / 180, 2), expected = fractionOfDepthSquared * pow(depth * Double.pi / 180, 2)
        #expect(abs(signal.leanLoopArea - expected) < 0.1 * circle,
                "enclosed \(signal.leanLoopArea) square radians, expected \(expected)")
    }

    /// A thigh swinging 7° ± 17° once a stride (1.1 s), |a| steady at |g|: the low-passed
    /// vector comes out shorter than |g| as it turns, by up to a tenth of a m/s² at the swing's
    /// ends, as much as decides whether a footfall reaches the gait check's jolt height;
    /// |a| low-passed as a number (``SquatSignal/magnitudeVertical``, what the gait check reads)
    /// does not shorten.
    @Test func turningShortensTheLowPassedVectorButNotTheMagnitude() {
        var signal = SquatSignal(kind: .tilt, lowPassHz: 1.5)
        let dt = 0.01
        var shortest = 0.0, magnitudeOff = 0.0
        for i in 0..<1000 {
            let t = Double(i) * dt
            let angle = (7 + 17 * sin(2 * Double.pi * t / 1.1)) * Double.pi / 180
            _ = signal.step(Vector3(0, 0, 1).rotated(about: Vector3(1, 0, 0), by: angle) * Self.g, dt: dt, phase: .standing)
            guard t > 3 else { continue }
            shortest = min(shortest, signal.vertical + signal.gravity - Self.g)
            magnitudeOff = max(magnitudeOff, abs(signal.magnitudeVertical + signal.gravity - Self.g))
        }
        #expect(shortest < -0.05, "the vector shortened by \(-shortest) m/s²")
        #expect(magnitudeOff < 1e-9, "|a| read \(magnitudeOff) m/s² off")
    }

    /// A wrist band on an arm held out 90° from hanging and waved (±2 g sideways at 3 Hz) for
    /// 3 s, never held: |a| comes back to |g| twice a cycle but stays within 10 % of it
    /// for no more than a few hundredths of a second, so no moment of the wave measures the
    /// turn (``SquatSignal/quasiStaticDwell``). The movement's mean acceleration is gravity as
    /// the raised arm feels it, 90° from the hanging arm's: before the mean counted, the wave
    /// read as no turn at all.
    @Test(arguments: [12.5, 100])
    func aWavingArmIsReadFromItsMeanDirection(rateHz: Double) {
        var signal = SquatSignal(kind: .bounce, lowPassHz: 2.5)
        let dt = 1 / rateHz
        let hanging = Vector3(0, 0, 1).rotated(about: Vector3(1, 0, 0), by: 0.7)
        for _ in 0..<Int(3 / dt) {
            _ = signal.step(hanging * Self.g, dt: dt, phase: .standing)
        }
        let raised = hanging.rotated(about: Vector3(0.6, 0.8, 0), by: Double.pi / 2)
        // The wave's direction: across the raised arm's gravity, so that it only ever
        // lengthens |a|.
        let sideways = Vector3(1, 0, 0) - raised * raised.x
        let across = sideways * (1 / sideways.length)
        for i in 0..<Int(3 / dt) {
            let wave = 2 * Self.g * sin(2 * Double.pi * 3 * Double(i) * dt)
            _ = signal.step(raised * Self.g + across * wave, dt: dt, phase: .descending)
        }
        #expect(signal.greatestTurn > 60, "read \(signal.greatestTurn)° of a 90° turn")
    }

    /// A shin standing still at 100 Hz whose first sample reads 1° or 1.5° off its direction (the
    /// noise of one sample: 0.17 m/s² across gravity is what a sensor of 0.025 m/s²/√Hz gives
    /// at 100 Hz), the filter primed with it: 0.4 s on, before the wearer has stood still for
    /// ``SquatSignal/stillDuration``, the tilt reads the standing posture, not the first
    /// sample's error. Before, the reference was that one sample until the wearer had stood
    /// still, and the tilt read the error back (0.89° and 1.34° here; a simulated calf set begun
    /// within a second of the stream's start read 1.7° at standing and counted none).
    /// The standing reference is where the arm hangs (``SquatSignal/restHeldStill``) only once
    /// the wearer has held still in it: not while the stream's first samples are all it was
    /// learned from (a phone may still be in the hand), and no longer once it has moved to the
    /// posture a movement started from (``SquatSignal/rereferenceToLowest()``).
    @Test func theReferenceIsWhereTheArmHangsOnceTheWearerHeldStill() {
        var signal = SquatSignal(kind: .tilt, lowPassHz: 1.0, followsHeight: true)
        let dt = 0.01, hanging = Vector3(0, 0, 1).rotated(about: Vector3(1, 0, 0), by: 0.3)
        _ = signal.step(hanging * Self.g, dt: 0, phase: .standing)
        for _ in 0..<30 { _ = signal.step(hanging * Self.g, dt: dt, phase: .standing) }
        #expect(!signal.restHeldStill, "learned from 0.3 s of samples")
        for _ in 0..<100 { _ = signal.step(hanging * Self.g, dt: dt, phase: .standing) }
        #expect(signal.restHeldStill, "held still for 1.3 s")
        _ = signal.rereferenceToLowest()
        #expect(!signal.restHeldStill)
    }

    @Test(arguments: [1.0, -1.5])
    func theFirstSamplesNoiseIsNoStandingReference(degreesOff: Double) {
        var signal = SquatSignal(kind: .tilt, lowPassHz: 1.5)
        let dt = 0.01
        let standing = Vector3(0, 0, 1).rotated(about: Vector3(1, 0, 0), by: 1.2)
        _ = signal.step(standing.rotated(about: Vector3(1, 0, 0), by: degreesOff * Double.pi / 180) * Self.g,
                        dt: 0, phase: .standing)
        var tilt = Double.nan
        for _ in 0..<40 {
            tilt = signal.step(standing * Self.g, dt: dt, phase: .standing)
        }
        #expect(!signal.isStill)
        #expect(tilt < 0.1, "read \(tilt)° standing")
    }
}
