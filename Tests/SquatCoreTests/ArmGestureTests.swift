#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import SquatCore

/// An upper-arm sensor raised about the shoulder: held up to point or wave, or carried down by a
/// squat (``SquatDetector/wasRaisedAndHeld(_:)``).
@Suite struct ArmGestureTests {
    /// The sensor's distance from the shoulder, metres (mid upper arm).
    static let radius = 0.16

    /// 0 → 1 → 0 over a cycle: a half cosine up in `up` s from `start`, held for `hold` s, a half
    /// cosine down in `down` s; 0 outside.
    static func hump(_ t: Double, start: Double, up: Double, hold: Double, down: Double) -> Double {
        let u = t - start
        if u <= 0 || u >= up + hold + down { return 0 }
        if u < up { return (1 - cos(Double.pi * u / up)) / 2 }
        if u < up + hold { return 1 }
        return (1 + cos(Double.pi * (u - up - hold) / down)) / 2
    }

    /// When the cycle under way at `t` began, of `count` cycles `cycle` s long from `first`; nil
    /// before the first and after the last.
    static func cycleStart(_ t: Double, first: Double, cycle: Double, count: Int = 6) -> Double? {
        let n = ((t - first) / cycle).rounded(.down)
        return n >= 0 && n < Double(count) ? first + n * cycle : nil
    }

    /// The arm raised forward to 90° in 0.8 s about a still shoulder, held 2 s, lowered in 0.8 s,
    /// with 2.5 s at the side between, six times: six alike movements as deep as a squat's arm
    /// swing, but the sensor rises 5 cm and more on the way up and stays up 2 s. Nothing counts
    /// (six reps without the rule).
    @Test(arguments: [10.0, 100])
    func anArmRaisedAndHeldIsNoSquat(rateHz: Double) {
        let cycle = 0.8 + 2 + 0.8 + 2.5, first = 6.0, raised = 90 * Double.pi / 180
        let samples = armSwingSamples(rateHz: rateHz, seconds: first + 6 * cycle + 3, radius: ArmGestureTests.radius) { t in
            let n = ((t - first) / cycle).rounded(.down)
            guard n >= 0, n < 6 else { return 0 }
            return raised * ArmGestureTests.hump(t, start: first + n * cycle, up: 0.8, hold: 2, down: 0.8)
        }
        let run = DetectorRun(profile: SquatProfile(placement: .upperArm), samples: samples)
        #expect(run.reps.isEmpty, "reps at \(run.reps.map(\.start))")
    }

    /// The raise of ``anArmRaisedAndHeldIsNoSquat(rateHz:)`` in 0.5 s, waved while held (the
    /// shoulder ±8° at 2.5 Hz, the quickest wave of the simulated gestures, eased in and out
    /// over 0.3 s): with the arm level the wave's swing is vertical, and reads 0.8–0.9 m/s²
    /// through the 1 Hz filter, well under ``SquatDetector/heldArmPush``: nothing counts.
    @Test(arguments: [10.0, 100])
    func anArmRaisedAndWavedIsNoSquat(rateHz: Double) {
        let cycle = 0.5 + 2 + 0.5 + 2.5, first = 6.0, deg = Double.pi / 180
        let samples = armSwingSamples(rateHz: rateHz, seconds: first + 6 * cycle + 3, radius: ArmGestureTests.radius) { t in
            let n = ((t - first) / cycle).rounded(.down)
            guard n >= 0, n < 6 else { return 0 }
            let start = first + n * cycle
            let held = ArmGestureTests.hump(t, start: start + 0.5, up: 0.3, hold: 1.4, down: 0.3)
            return 90 * deg * ArmGestureTests.hump(t, start: start, up: 0.5, hold: 2, down: 0.5)
                + held * 8 * deg * sin(2 * Double.pi * 2.5 * (t - start - 0.5))
        }
        let run = DetectorRun(profile: SquatProfile(placement: .upperArm), samples: samples)
        #expect(run.reps.isEmpty, "reps at \(run.reps.map(\.start))")
    }

    /// Squats that pause 2 s at the bottom, as in a competition pause squat: the shoulder goes
    /// 35 cm down in 1.2 s while the arm rises to 80°, both stay 2 s, and come back in 1.2 s,
    /// with 1.5 s standing between, six times. Near its top the arm stays as long as a held one
    /// (more than 3 times its rise), but the sensor went down with the body: every rep counts
    /// (none when being held were enough).
    @Test(arguments: [10.0, 100])
    func aSquatPausedAtTheBottomStillCounts(rateHz: Double) {
        let cycle = 1.2 + 2 + 1.2 + 1.5, first = 6.0, raised = 80 * Double.pi / 180
        func progress(_ t: Double) -> Double {
            let n = ((t - first) / cycle).rounded(.down)
            guard n >= 0, n < 6 else { return 0 }
            return ArmGestureTests.hump(t, start: first + n * cycle, up: 1.2, hold: 2, down: 1.2)
        }
        let samples = armSwingSamples(rateHz: rateHz, seconds: first + 6 * cycle + 3, radius: ArmGestureTests.radius,
                                      drop: { 0.35 * progress($0) }, angle: { raised * progress($0) })
        let run = DetectorRun(profile: SquatProfile(placement: .upperArm), samples: samples)
        #expect(run.reps.count == 6, "reps at \(run.reps.map(\.start))")
    }

    /// Slow deep squats whose arms go forward early and stay there, as a squatter's do once the
    /// hips are as far back as they go: the shoulder goes 50 cm down in 3 s, stays 1 s and
    /// comes back in 3 s, while the arm rises to 80° in the first 1.5 s, stays up 4 s and
    /// comes down in the last 1.5 s; 1.5 s standing between, six times. The arm's angle, the
    /// signal, holds still for 4 s, longer than a seat takes to be one
    /// (``SquatDetector/maxHold``), but the sensor went down with the body: every rep counts
    /// (none when a held arm were a posture).
    @Test(arguments: [10.0, 100])
    func aSlowSquatWithArmsHeldForwardStillCounts(rateHz: Double) {
        let cycle = 3 + 1 + 3 + 1.5, first = 6.0, raised = 80 * Double.pi / 180
        func cycleStart(_ t: Double) -> Double? { ArmGestureTests.cycleStart(t, first: first, cycle: cycle) }
        let samples = armSwingSamples(
            rateHz: rateHz, seconds: first + 6 * cycle + 3, radius: ArmGestureTests.radius,
            drop: { t in cycleStart(t).map { 0.5 * ArmGestureTests.hump(t, start: $0, up: 3, hold: 1, down: 3) } ?? 0 },
            angle: { t in cycleStart(t).map { raised * ArmGestureTests.hump(t, start: $0, up: 1.5, hold: 4, down: 1.5) } ?? 0 })
        let run = DetectorRun(profile: SquatProfile(placement: .upperArm), samples: samples)
        #expect(run.reps.count == 6, "reps at \(run.reps.map(\.start))")
    }

    /// Quick squats paused 1 s at the bottom, the arm flung up for balance: the shoulder goes
    /// 50 cm down in 0.6 s, stays 1 s and comes back up in 0.6 s, while the arm is flung to 80°
    /// in 0.35 s, stays up until half-way through the ascent and comes down in 0.3 s; eight
    /// reps straight after each other. The fling reads as the sensor going up (every
    /// acceleration lengthens |a|), and the arm stays up more than 3 times its rise, as an arm
    /// raised and held does; but while it is up the body brakes at the bottom harder than a
    /// held arm ever reads (2.6–2.7 m/s² through the 1 Hz filter, ``SquatDetector/heldArmPush``):
    /// all eight count (six when the fling and the hold were enough: the second rep ends the
    /// set that the first began).
    @Test(arguments: [10.0, 25, 100])
    func aQuickSquatPausedAtTheBottomWithItsArmFlungUpStillCounts(rateHz: Double) {
        let cycle = 0.6 + 1 + 0.6, first = 6.0, raised = 80 * Double.pi / 180
        func cycleStart(_ t: Double) -> Double? { ArmGestureTests.cycleStart(t, first: first, cycle: cycle, count: 8) }
        let samples = armSwingSamples(
            rateHz: rateHz, seconds: first + 8 * cycle + 3, radius: ArmGestureTests.radius,
            drop: { t in cycleStart(t).map { 0.5 * ArmGestureTests.hump(t, start: $0, up: 0.6, hold: 1, down: 0.6) } ?? 0 },
            angle: { t in cycleStart(t).map { raised * ArmGestureTests.hump(t, start: $0, up: 0.35, hold: 1.55, down: 0.3) } ?? 0 })
        let run = DetectorRun(profile: SquatProfile(placement: .upperArm), samples: samples)
        #expect(run.reps.count == 8, "reps at \(run.reps.map(\.start))")
    }

    /// Squats whose arm swings up fast before the body goes down, as in a real Exermote set
    /// (12-14-08 set 2, whose every rep reads 11–16 cm up): the arm rises to 80° in 0.7 s and
    /// comes straight back down in 1.5 s, while the shoulder goes 35 cm down only from 0.5 s
    /// on, in 1.0 s, and back up in 1.0 s; 1.5 s standing between, six times. The sensor rises
    /// first, but the arm does not stay up: every rep counts (fewer when rising were enough).
    @Test(arguments: [10.0, 100])
    func anArmSwungUpBeforeTheBodyGoesDownStillCounts(rateHz: Double) {
        let cycle = 0.7 + 1.5 + 1.5, first = 6.0, raised = 80 * Double.pi / 180
        func cycleStart(_ t: Double) -> Double? { ArmGestureTests.cycleStart(t, first: first, cycle: cycle) }
        let samples = armSwingSamples(
            rateHz: rateHz, seconds: first + 6 * cycle + 3, radius: ArmGestureTests.radius,
            drop: { t in cycleStart(t).map { 0.35 * ArmGestureTests.hump(t, start: $0 + 0.5, up: 1, hold: 0, down: 1) } ?? 0 },
            angle: { t in cycleStart(t).map { raised * ArmGestureTests.hump(t, start: $0, up: 0.7, hold: 0, down: 1.5) } ?? 0 })
        let run = DetectorRun(profile: SquatProfile(placement: .upperArm), samples: samples)
        #expect(run.reps.count == 6, "reps at \(run.reps.map(\.start))")
    }

    /// Five squats (the shoulder 35 cm down and up in 1.2 s each way while the arm rises to 80°
    /// and back, 1.5 s standing between), then the arm raised about a still shoulder in two
    /// steps, as after two real app-paced sets: to 40° in 0.5 s, held there 0.8 s, on to 80° in
    /// 0.5 s, held 0.8 s and lowered in 0.6 s. Near its top it stays no longer than 3 times its
    /// rise (the pause lengthens the rise), but it stopped on the way up: the five squats count
    /// and the raise does not (six without ``SquatDetector/longestRiseStep``).
    @Test(arguments: [10.0, 100])
    func anArmRaisedInTwoStepsAfterASetIsNoRep(rateHz: Double) {
        let cycle = 1.2 + 1.2 + 1.5, first = 6.0, deg = Double.pi / 180
        let raiseStart = first + 5 * cycle + 1
        func squat(_ t: Double) -> Double {
            let n = ((t - first) / cycle).rounded(.down)
            guard n >= 0, n < 5 else { return 0 }
            return ArmGestureTests.hump(t, start: first + n * cycle, up: 1.2, hold: 0, down: 1.2)
        }
        func raise(_ t: Double) -> Double {
            40 * deg * ArmGestureTests.hump(t, start: raiseStart, up: 0.5, hold: 0.8 + 0.5 + 0.8, down: 0.6)
                + 40 * deg * ArmGestureTests.hump(t, start: raiseStart + 1.3, up: 0.5, hold: 0.8, down: 0.6)
        }
        let samples = armSwingSamples(rateHz: rateHz, seconds: raiseStart + 6, radius: ArmGestureTests.radius,
                                      drop: { 0.35 * squat($0) }, angle: { 80 * deg * squat($0) + raise($0) })
        let run = DetectorRun(profile: SquatProfile(placement: .upperArm), samples: samples)
        #expect(run.reps.count == 5, "reps at \(run.reps.map(\.start))")
        #expect(run.reps.allSatisfy { $0.start < raiseStart }, "reps at \(run.reps.map(\.start))")
    }

    /// Squats whose arm stops part-way up: it rises to 40° in 0.5 s, stays there 0.8 s and goes
    /// on to 80° in 0.5 s while the shoulder goes 35 cm down over those 1.8 s; both come back in
    /// 1.2 s, with 1.5 s standing between, six times. The arm paused on the way up as long as
    /// the raise in two steps above, but the sensor went down with the body: every rep counts
    /// (none when stopping part-way were enough).
    @Test(arguments: [10.0, 100])
    func aSquatWhoseArmStopsPartWayStillCounts(rateHz: Double) {
        let cycle = 1.8 + 1.2 + 1.5, first = 6.0, deg = Double.pi / 180
        func cycleStart(_ t: Double) -> Double? { ArmGestureTests.cycleStart(t, first: first, cycle: cycle) }
        let samples = armSwingSamples(
            rateHz: rateHz, seconds: first + 6 * cycle + 3, radius: ArmGestureTests.radius,
            drop: { t in cycleStart(t).map { 0.35 * ArmGestureTests.hump(t, start: $0, up: 1.8, hold: 0, down: 1.2) } ?? 0 },
            angle: { t in
                cycleStart(t).map {
                    40 * deg * ArmGestureTests.hump(t, start: $0, up: 0.5, hold: 1.3, down: 1.2)
                        + 40 * deg * ArmGestureTests.hump(t, start: $0 + 1.3, up: 0.5, hold: 0, down: 1.2)
                } ?? 0
            })
        let run = DetectorRun(profile: SquatProfile(placement: .upperArm), samples: samples)
        #expect(run.reps.count == 6, "reps at \(run.reps.map(\.start))")
    }
}
