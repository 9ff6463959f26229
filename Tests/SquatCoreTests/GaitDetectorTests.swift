#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import SquatCore

/// Vertical acceleration (m/s²) with an upward jolt of `height` at each time in `jolts`: a
/// 0.1 s wide bump, as a footfall or the push out of a squat's bottom looks after the low-pass
/// filter.
func jolting(_ jolts: [Double], height: Double = 3, at t: Double) -> Double {
    jolts.reduce(0) { $0 + height * exp(-pow((t - $1) / 0.05, 2)) }
}

@Suite struct GaitDetectorTests {
    /// Runs the detector at 100 Hz for `duration` seconds; returns when it first and last
    /// said "walking" (nil when never).
    func walkingSpan(_ jolts: [Double], duration: Double, height: Double = 3,
                     footfallsEven: Bool = false) -> (first: Double, last: Double)? {
        var gait = GaitDetector(footfallsEven: footfallsEven)
        var span: (Double, Double)?
        for i in 0...Int(duration * 100) {
            let t = Double(i) / 100
            gait.step(vertical: jolting(jolts, height: height, at: t), t: t)
            if gait.isWalking { span = (span?.0 ?? t, t) }
        }
        return span
    }

    @Test(arguments: [0.4, 0.55, 0.75])
    func evenStepsAreWalkingFromTheThirdOn(interval: Double) throws {
        let steps = (0..<10).map { 1 + Double($0) * interval }
        let span = try #require(walkingSpan(steps, duration: 12))
        #expect(span.first > steps[2] && span.first < steps[2] + 0.2, "walking from the 3rd step: \(span.first)")
        #expect(span.last > steps[9] + 0.5 && span.last < steps[9] + 1.4, "and a little after the last: \(span.last)")
    }

    /// A hand swinging with the step rings twice per footfall, 0.15 s apart: still one step.
    @Test func aFootfallThatRingsTwiceIsOneStep() throws {
        let steps = (0..<10).map { 1 + Double($0) * 0.55 }
        let span = try #require(walkingSpan(steps.flatMap { [$0, $0 + 0.15] }, duration: 8))
        #expect(span.first < steps[2] + 0.4, "walking from the 3rd step: \(span.first)")
    }

    @Test func squatsAreNotWalking() {
        // Fast reps without a pause (one push per 1.2 s rep) …
        #expect(walkingSpan((0..<10).map { 1 + Double($0) * 1.2 }, duration: 14) == nil)
        // … and paused ones, braking and pushing 0.5 s apart, 1.8 s per rep.
        var paused: [Double] = []
        for rep in 0..<8 {
            let start = 1 + Double(rep) * 1.8
            paused += [start, start + 0.5]
        }
        #expect(walkingSpan(paused, duration: 16) == nil)
    }

    /// A walk of four steps 0.55 s apart, then jolts 1.0 and 0.55 s apart in turn (a fast squat
    /// set's braking and push, 1.55 s a rep): every jolt comes within 1.2 s of the last, but only
    /// every other one a step after it, and the steps lie 1.55 s apart: the walk ends 1.2 s after
    /// its last step (``GaitDetector/lastStep``). It lasted to the last jolt before.
    @Test func aWalkEndsWhenItsStepsStop() throws {
        var jolts = (0..<4).map { 1 + Double($0) * 0.55 }
        for _ in 0..<6 {
            jolts.append(jolts.last! + 1.0)
            jolts.append(jolts.last! + 0.55)
        }
        let span = try #require(walkingSpan(jolts, duration: 14))
        #expect(span.first < jolts[2] + 0.2, "walking from the 3rd step: \(span.first)")
        #expect(span.last < jolts[3] + 1.3, "and until 1.2 s after the 4th: \(span.last)")
    }

    /// Rising back to |g| out of a dip (the end of a squat's descent, the top of its ascent)
    /// is no footfall, however regular the dips.
    @Test func risesOutOfDipsAreNotSteps() {
        let dips = (0..<10).map { 1 + Double($0) * 0.6 }
        #expect(walkingSpan(dips, duration: 8, height: -3) == nil)
    }

    /// A sensor on one leg feels its own heel strike and toe-off, 60 % and 40 % of a stride
    /// apart: the intervals alternate, and every other one repeats. Before November 2026 this
    /// was taken for uneven jolts, and walking with a sensor on the calf counted as squats.
    @Test func stanceAndSwingAlternatingIsWalking() throws {
        var t = 1.0, jolts: [Double] = []
        for i in 0..<12 { jolts.append(t); t += i % 2 == 0 ? 0.66 : 0.44 }
        let span = try #require(walkingSpan(jolts, duration: 8))
        #expect(span.first > jolts[3] && span.first < jolts[3] + 0.2, "walking from the 4th jolt: \(span.first)")
    }

    /// Where footfalls come evenly (``GaitDetector/footfallsEven``: the trunk, the head, a held
    /// hand), steps at any walking cadence are a walk from the third on, as on a leg.
    @Test(arguments: [0.4, 0.55, 0.75])
    func evenStepsAreWalkingWhereFootfallsComeEvenly(interval: Double) throws {
        let steps = (0..<10).map { 1 + Double($0) * interval }
        let span = try #require(walkingSpan(steps, duration: 12, footfallsEven: true))
        #expect(span.first > steps[2] && span.first < steps[2] + 0.2, "walking from the 3rd step: \(span.first)")
    }

    /// A fast squat set paused 0.3 s at the bottom, 1.5 s a rep, read at 10 Hz: its braking and
    /// push 0.6 s apart, the push and the next braking 0.9 s apart, read 0.79 s (a jolt is timed
    /// at a sample, up to 0.1 s early), in turn: short, long, short (``GaitDetector/takesAnEvenStep(_:)``).
    /// Seen from the trunk it is no walk; on a leg, whose heel strike and toe-off alternate,
    /// it is one, as it was everywhere until November 2026 (simulated fast sets 4000 and 4120
    /// at 10 Hz on the waist, head, chest and hand, 3010 at 25 Hz on the waist).
    @Test func aPausedSetsBrakeAndPushAreNoWalkWhereFootfallsComeEvenly() {
        var t = 1.0, jolts: [Double] = []
        for i in 0..<14 { jolts.append(t); t += i % 2 == 0 ? 0.6 : 0.79 }
        #expect(walkingSpan(jolts, duration: 12, footfallsEven: true) == nil)
        #expect(walkingSpan(jolts, duration: 12) != nil)
    }

    /// A walk from the trunk whose steps stumble once (0.55 s, one of 0.75, 0.55 s again) is
    /// seen a step later than an even one, and it is seen.
    @Test func aWalkThatStumblesOnceIsSeenAStepLater() throws {
        var jolts = [1.0, 1.55, 2.3]
        for _ in 0..<8 { jolts.append(jolts.last! + 0.55) }
        let span = try #require(walkingSpan(jolts, duration: 9, footfallsEven: true))
        #expect(span.first > jolts[4] && span.first < jolts[4] + 0.2, "walking from the 5th jolt: \(span.first)")
    }

    @Test func unevenJoltsAreNotWalking() {
        // Bursts as fast as steps (a device jiggled in the hand), but no interval like either
        // of the two before it.
        var t = 1.0, jolts: [Double] = []
        for _ in 0..<3 {
            for interval in [0.4, 0.75, 0.55, 1.2] { jolts.append(t); t += interval }
        }
        #expect(walkingSpan(jolts, duration: 10) == nil)
    }

    /// Runs a free arm's detector (``GaitDetector/followsArm``) at 100 Hz for `duration` seconds
    /// over jolts of the given heights at the given times, the arm's tilt `tilt(t)` degrees;
    /// returns whether it ever said "walking".
    func walksOnAnArm(_ jolts: [(t: Double, height: Double)], duration: Double, followsArm: Bool = true,
                      tilt: (Double) -> Double) -> Bool {
        var gait = GaitDetector(followsArm: followsArm)
        var walked = false
        for i in 0...Int(duration * 100) {
            let t = Double(i) / 100
            var a = 0.0
            for j in jolts { a += j.height * exp(-pow((t - j.t) / 0.05, 2)) }
            gait.step(vertical: a, t: t, armTilt: tilt(t))
            walked = walked || gait.isWalking
        }
        return walked
    }

    /// Twelve jolts `every` seconds from 1 s on, their heights alternating between the two given.
    func alternating(every interval: Double, heights: (Double, Double)) -> [(t: Double, height: Double)] {
        var jolts: [(t: Double, height: Double)] = []
        for i in 0..<12 {
            let t: Double = 1 + Double(i) * interval
            jolts.append((t: t, height: i % 2 == 0 ? heights.0 : heights.1))
        }
        return jolts
    }

    /// A quick squat set on the upper arm, 1.2 s a rep without a pause at the top: the braking
    /// at each bottom (3.5 m/s²) with the arm raised to 70°, and a smaller jolt (1.5 m/s²) at
    /// each top with the arm swung back to 10°, 0.6 s apart in turn, a walk's cadence. The arm
    /// swings 60° between them, as no walking arm does (``GaitDetector/walkingArmSwing``): no
    /// walk. Read without the arm's tilt it is one (and was, on the upper arm, until November
    /// 2026: simulated fast set 4035 at 50 Hz counted none of its 8 reps).
    @Test func aQuickSetsArmSwingIsNoWalk() {
        let jolts = alternating(every: 0.6, heights: (3.5, 1.5))
        let arm: (Double) -> Double = { t in 40 + 30 * cos(Double.pi * (t - 1) / 0.6) }
        #expect(!walksOnAnArm(jolts, duration: 10, tilt: arm))
        #expect(walksOnAnArm(jolts, duration: 10, followsArm: false, tilt: arm))
    }

    /// The same swing with the heights the other way round, the larger jolt with the arm down
    /// (a burpee's jump landing, its hands on the floor softer), is read as steps, as before:
    /// the real burpees rely on it to end the sets they make (``GaitDetector/swungAsARep(tilt:height:)``).
    @Test func anArmSwungWithItsLargerJoltDownStaysAWalk() {
        let jolts = alternating(every: 0.6, heights: (1.5, 3.5))
        let arm: (Double) -> Double = { t in 40 + 30 * cos(Double.pi * (t - 1) / 0.6) }
        #expect(walksOnAnArm(jolts, duration: 10, tilt: arm))
    }

    /// A walking arm swings ±20° about hanging with every stride: its tilt from hanging changes
    /// less than ``GaitDetector/walkingArmSwing`` from step to step, and the steps are a walk.
    @Test func aWalkingArmsSwingIsStillAWalk() {
        let steps = alternating(every: 0.55, heights: (3.5, 2.0))
        let arm: (Double) -> Double = { t in abs(20 * sin(Double.pi * (t - 1) / 1.1)) }
        #expect(walksOnAnArm(steps, duration: 9, tilt: arm))
    }

    @Test func smallWobblesAreNotSteps() {
        let steps = (0..<10).map { 1 + Double($0) * 0.55 }
        #expect(walkingSpan(steps, duration: 8, height: 0.8) == nil)
    }
}

@Suite struct WalkingIsNotSquattingTests {
    /// Walking raises the mean |a| (footfalls only add to it), which `lift` integrates into a
    /// hump as each walk starts and stops. Without the gait check a waist sensor counted the
    /// ends of these walks as squats.
    @Test func walkingBoutsCountNothingAtTheWaist() {
        var samples: [Sample] = []
        let g = 11.0
        for i in 0..<(40 * 100) {
            let t = Double(i) / 100
            let bout = (t.truncatingRemainder(dividingBy: 8)) > 3   // walk 5 s of every 8
            var a = g
            if bout {
                // The body bounces once per step (±2.5 m/s², up at each footfall) and each
                // heel strike adds a short spike; the mean |a| rises by 0.5 m/s².
                let sinceStrike = t.truncatingRemainder(dividingBy: 0.55)
                a += 0.5 + 2.5 * cos(2 * Double.pi * sinceStrike / 0.55) + 3 * exp(-pow(sinceStrike / 0.03, 2))
            }
            samples.append(Sample(t: t, x: 0.3, y: -0.2, z: a))
        }
        let run = DetectorRun(profile: SquatProfile(placement: .waist), samples: samples)
        #expect(run.reps.isEmpty, "counted \(run.reps.count) while walking")
    }

    /// The first stride of a walk swings a thigh sensor like a quick squat and is over before
    /// the third step shows that the wearer walks. Such strides, one per walk, 7 s apart, are
    /// as alike as the reps of a set: until November 2026 they counted, every one. A walk now
    /// ends the set in progress and drops the reps it had not yet confirmed.
    @Test func theStrideBeforeAWalkIsRecognisedIsNoRep() {
        var samples: [Sample] = []
        let g = 9.81
        for i in 0..<(30 * 100) {
            let t = Double(i) / 100
            let sinceStart = t.truncatingRemainder(dividingBy: 7)
            // 25° forward and back in the first second of each walk, then 4 s of steps.
            let swing = sinceStart < 1 ? 25 * sin(Double.pi * sinceStart) : 0
            // Steps as in `walkingBoutsCountNothingAtTheWaist`, from 0.3 s on.
            let sinceStrike = (sinceStart - 0.3).truncatingRemainder(dividingBy: 0.55)
            let bounce = sinceStart > 0.3 && sinceStart < 5
                ? 0.5 + 2.5 * cos(2 * Double.pi * sinceStrike / 0.55) + 3 * exp(-pow(sinceStrike / 0.03, 2)) : 0
            let angle = swing * Double.pi / 180
            samples.append(Sample(t: t, x: 0.2, y: (g + bounce) * sin(angle), z: (g + bounce) * cos(angle)))
        }
        let run = DetectorRun(profile: SquatProfile(placement: .thigh), samples: samples)
        #expect(run.reps.isEmpty, "counted \(run.reps.count) first strides")
    }
}
