#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import SquatCore

/// Thigh and calf sensors swing on the knee's arc: every rep leans the segment the same way
/// (``SquatSignal/leansAsLastRep()``).
@Suite struct HingedSegmentTests {
    /// A shin `forward` degrees ahead of upright, turned `sideways` degrees around the vertical
    /// (the direction it leans in), as the sensor on it sees gravity.
    static func shin(forward: Double, leaning sideways: Double = 0) -> Vector3 {
        Vector3(0, 0, 1).rotated(about: Vector3(cos(sideways * .pi / 180), sin(sideways * .pi / 180), 0),
                                 by: forward * .pi / 180)
    }

    /// A shin whose lean, seen from above, is `forward` degrees ahead and `sideways` degrees to
    /// the side of upright (a point of the path its lean traces round upright).
    static func shin(forward: Double, sideways: Double) -> Vector3 {
        shin(forward: (forward * forward + sideways * sideways).squareRoot(), leaning: atan2(sideways, forward) * 180 / .pi)
    }

    /// `reps` bends of the knee that tilt the segment `depth` degrees forward and back over
    /// 2.5 s each, with `standing` seconds upright after each, after 3 s standing; at 10 Hz.
    /// With `sway`, the segment sways that many degrees forward and back, for 1 s each, 1 s and
    /// 3 s into each stand.
    static func kneeBends(_ reps: Int, depth: Double, standing: Double, sway: Double = 0) -> [Sample] {
        let settle = 3.0, bend = 2.5, period = bend + standing
        return SquatDetectorTests.turning(for: settle + Double(reps) * period + 3) { t in
            let k = ((t - settle) / period).rounded(.down), into = t - settle - k * period
            guard t >= settle, k < Double(reps) else { return HingedSegmentTests.shin(forward: 0) }
            guard into >= bend else {
                return HingedSegmentTests.shin(forward: depth * (1 - cos(2 * Double.pi * into / bend)) / 2)
            }
            let swayStart = into - bend < 2.5 ? bend + 1 : bend + 3
            guard into >= swayStart, into < swayStart + 1 else { return HingedSegmentTests.shin(forward: 0) }
            return HingedSegmentTests.shin(forward: sway * (1 - cos(2 * Double.pi * (into - swayStart))) / 2)
        }
    }

    /// `reps` bends of a hinged segment forward and back after 3 s standing, each `down` seconds
    /// down on a half cosine, held `hold` seconds at its bottom, `up` seconds back up, and
    /// `stand` seconds apart; the `k`th (0-based) `depth(k)` degrees deep; at 10 Hz.
    static func heldBends(_ reps: Int, down: Double, hold: Double, up: Double, stand: Double,
                          depth: (Int) -> Double) -> [Sample] {
        let settle = 3.0, period = down + hold + up + stand
        return SquatDetectorTests.turning(for: settle + Double(reps) * period + 3) { t in
            let k = ((t - settle) / period).rounded(.down), into = t - settle - k * period
            guard t >= settle, k < Double(reps), into < down + hold + up else { return HingedSegmentTests.shin(forward: 0) }
            let s = into < down ? into / down : into < down + hold ? 1 : 1 - (into - down - hold) / up
            return HingedSegmentTests.shin(forward: depth(Int(k)) * (1 - cos(Double.pi * s)) / 2)
        }
    }

    /// Six tilts of a shin `depth` degrees forward and back, one every 2.5 s after 3 s standing,
    /// the `rep`th (0-based) leaning `leaning(rep)` degrees around the vertical, at 10 Hz.
    static func shinTilts(depth: Double, leaning: (Int) -> Double) -> [Sample] {
        let settle = 3.0, secondsPerRep = 2.5, reps = 6
        return SquatDetectorTests.turning(for: settle + Double(reps) * secondsPerRep + 3) { t in
            let phase = (t - settle) / secondsPerRep
            guard t >= settle, phase < Double(reps) else { return HingedSegmentTests.shin(forward: 0) }
            let c = phase - phase.rounded(.down)
            return HingedSegmentTests.shin(forward: depth * (1 - cos(2 * Double.pi * c)) / 2, leaning: leaning(Int(phase)))
        }
    }

    /// Six 20° tilts of a calf sensor and back, 2.5 s apart, each leaning 60° around from the one
    /// before (a device turned this way and that in a pocket or band): no knee bends like that,
    /// and nothing counts. The same tilts leaning one way are a set.
    @Test(arguments: [(60.0, 0), (0.0, 6)])
    func tiltsLeaningAnotherWayEachTimeAreNoSet(turnPerRep: Double, expected: Int) {
        let samples = HingedSegmentTests.shinTilts(depth: 20) { turnPerRep * Double($0) }
        let run = DetectorRun(profile: SquatProfile(placement: .calf), samples: samples)
        #expect(run.reps.count == expected, "reps at \(run.reps.map(\.start)), amplitudes \(run.reps.map(\.amplitude))")
    }

    /// The first stride of a walk, seen from a thigh sensor, swings it forward 24° and back in
    /// 1.2 s, like a quick squat, before the gait check has seen three steps; a band turned on
    /// the shin by hand tilts it 16° and back in 1.6 s. Walks too short to be recognised, 4 s
    /// apart, give one such swing each (and at 10–25 Hz a walk's first two strides may come
    /// before it is recognised): two alike are no set on the legs (they were until November
    /// 2026, and short walks counted), three are. (Further apart, the wearer stands longer
    /// than ``SquatDetector/longestStandInSet`` between them, and three are none either.)
    @Test(arguments: [(Placement.thigh, 24.0, 1.2), (.calf, 16, 1.6)], [(2, 0), (3, 3)])
    func twoSwingsAlikeAreNoSet(leg: (placement: Placement, depth: Double, swing: Double), swings: (count: Int, expected: Int)) {
        let settle = 3.0, every = 4.0, swing = leg.swing
        let samples = SquatDetectorTests.turning(for: settle + Double(swings.count) * every + 3) { t in
            let u = (t - settle).truncatingRemainder(dividingBy: every)
            guard t >= settle, t < settle + Double(swings.count) * every, u < swing else { return HingedSegmentTests.shin(forward: 0) }
            return HingedSegmentTests.shin(forward: leg.depth * (1 - cos(2 * Double.pi * u / swing)) / 2)
        }
        let run = DetectorRun(profile: SquatProfile(placement: leg.placement), samples: samples)
        #expect(run.reps.count == swings.expected, "reps at \(run.reps.map(\.start))")
    }

    /// Six shin tilts, 2.5 s apart, whose bottoms lean 40° apart around the vertical, seen from
    /// upright, every other rep: one real subject's knees took the shin 31–55° apart from one
    /// rep to the next (with the lean limit at 30°, the set ended at every rep and nothing
    /// counted). Those real reps went down one curved path, each to another point of it (a knee
    /// caving in the same way each time, deeper reps further round: they lie 0.07 of their
    /// depth from the rep before's path, ``SquatDetector/widestRetrace``), and they are one set;
    /// here the path goes 12° forward, then 10° to the side, and the reps alternate 12° and
    /// 15.6° deep. Six 16° tilts along straight lines 40° apart go down two ways no knee takes
    /// in turn, as a band turned this way and that by hand does (0.7 of their depth off each
    /// other's path): no three of them start a set (they counted 6 until November 2026). Once a
    /// set has started, only the lean rule is asked of its reps: three along one line, then
    /// the same 40° alternation, count 6.
    @Test(arguments: [(PathShape.curved, 6), (.straightLines, 0), (.straightLinesAfterASet, 6)])
    func repsLeaning40DegreesApart(shape: PathShape, expected: Int) {
        let samples: [Sample]
        switch shape {
        case .curved:
            let settle = 3.0, secondsPerRep = 2.5, reps = 6.0
            samples = SquatDetectorTests.turning(for: settle + reps * secondsPerRep + 3) { t in
                let phase = (t - settle) / secondsPerRep
                guard t >= settle, phase < reps else { return HingedSegmentTests.shin(forward: 0) }
                let deepest = Int(phase) % 2 == 0 ? 0.5 : 1.0
                let s = deepest * (1 - cos(2 * Double.pi * (phase - phase.rounded(.down)))) / 2
                return HingedSegmentTests.shin(forward: 12 * min(2 * s, 1), sideways: 10 * max(2 * s - 1, 0))
            }
        case .straightLines:
            samples = HingedSegmentTests.shinTilts(depth: 16) { $0 % 2 == 0 ? 0 : 40 }
        case .straightLinesAfterASet:
            samples = HingedSegmentTests.shinTilts(depth: 16) { $0 < 3 || $0 % 2 == 0 ? 0 : 40 }
        }
        let run = DetectorRun(profile: SquatProfile(placement: .calf), samples: samples)
        #expect(run.reps.count == expected, "reps at \(run.reps.map(\.start)), amplitudes \(run.reps.map(\.amplitude))")
    }

    enum PathShape: Sendable, CustomStringConvertible {
        case curved, straightLines, straightLinesAfterASet
        var description: String {
            switch self {
            case .curved: return "one curved path"
            case .straightLines: return "straight lines 40° apart"
            case .straightLinesAfterASet: return "straight lines 40° apart after three alike"
            }
        }
    }

    /// Six movements 2.5 s apart, each leaning the segment `depth` degrees forward and back
    /// along an ellipse through upright, `width` times as wide (sideways) as it is long: with
    /// width 0 a knee bending and straightening, the lean out and back along one line; a knee
    /// that caves in on the way down and comes back straight leans along a narrow ellipse (the
    /// widest real calf rep here encloses as much as one half as wide as long, π/8 of its depth
    /// squared); a band turned round by hand at the same pace leans round a circle (width 1,
    /// π/4 of the depth squared, beyond ``SquatDetector/widestLeanLoop``). Every movement has
    /// the same depth, duration and lean at its bottom, so all six counted without the rule.
    @Test(arguments: [(Placement.calf, 20.0), (.thigh, 40)], [(0.0, 6), (0.5, 6), (1.0, 0)])
    func leaningRoundALoopIsNoRep(leg: (placement: Placement, depth: Double), loop: (width: Double, expected: Int)) {
        let settle = 3.0, secondsPerRep = 2.5, reps = 6.0
        let samples = SquatDetectorTests.turning(for: settle + reps * secondsPerRep + 3) { t in
            let phase = (t - settle) / secondsPerRep
            guard t >= settle, phase < reps else { return HingedSegmentTests.shin(forward: 0) }
            let angle = 2 * Double.pi * (phase - phase.rounded(.down))
            return HingedSegmentTests.shin(forward: leg.depth * (1 - cos(angle)) / 2, sideways: loop.width * leg.depth * sin(angle) / 2)
        }
        let run = DetectorRun(profile: SquatProfile(placement: leg.placement), samples: samples)
        #expect(run.reps.count == loop.expected, "reps at \(run.reps.map(\.start)), amplitudes \(run.reps.map(\.amplitude))")
    }

    /// A loop judged in the sample that moves the standing reference: three 25° knee bends,
    /// then a band turned by hand that leans the shin 45° forward, round 90° to the side, back
    /// through 21° and 28° on the other side and home (a wide loop, where a turn a whole rep
    /// deep away from where the last ascent came back makes that posture the reference and
    /// completes the movement at once). The reference had been moved, and the sweep restarted,
    /// before the loop was judged: it read 0 and counted as reps (three, with its pieces).
    /// At 100 Hz with a little noise, as a reviewer's synthetic recording made it.
    @Test func aLoopCompletedByAMovedReferenceIsJudgedByItsLoop() {
        // (seconds, tilt degrees, lean direction degrees) of each minimum-jerk move; tilt 0 holds.
        let bend: [(Double, Double, Double)] = [(0.01, 0, 0), (1, 25, 0), (1, 0, 0), (1, 0, 0)]
        let loop: [(Double, Double, Double)] = [(1, 45, 0), (1, 45, 90), (1.5, 21, 220), (1.5, 28, 70), (1.5, 0, 70), (2, 0, 70)]
        let moves: [(Double, Double, Double)] = [(4, 0, 0)] + bend + bend + bend + loop + bend + bend + bend + [(4, 0, 0)]
        var keys: [(t: Double, tilt: Double, lean: Double)] = [(0, 0, 0)]
        for (d, tilt, lean) in moves { keys.append((keys.last!.t + d, tilt, lean)) }
        var noise = SeededGenerator(seed: 1)
        let samples = (0..<Int(keys.last!.t * 100)).map { i -> Sample in
            let t = Double(i) / 100
            let k = keys.lastIndex { $0.t <= t }!, a = keys[k], b = keys[min(k + 1, keys.count - 1)]
            let u = b.t > a.t ? (t - a.t) / (b.t - a.t) : 1, s = u * u * u * (10 - 15 * u + 6 * u * u)
            let g = HingedSegmentTests.shin(forward: a.tilt + (b.tilt - a.tilt) * s, leaning: a.lean + (b.lean - a.lean) * s) * 9.81
            return Sample(t: t, x: g.x + 0.03 * noise.gaussian(), y: g.y + 0.03 * noise.gaussian(), z: g.z + 0.03 * noise.gaussian())
        }
        let run = DetectorRun(profile: SquatProfile(placement: .calf), samples: samples)
        let loopSpan = keys[13].t...keys[18].t
        #expect(run.reps.prefix(3).map { ($0.start / 3).rounded() } == [1, 2, 3], "reps at \(run.reps.map(\.start))")
        #expect(!run.reps.contains { $0.end > loopSpan.lowerBound && $0.start < loopSpan.upperBound },
                "reps at \(run.reps.map { ($0.start, $0.end) }), the loop \(loopSpan)")
    }

    /// At sensitivity 10 the calf's bar is 3.3° deep, and the shin's small movements between
    /// reps become candidates: six 20° knee bends (2.5 s each, 1.5 s standing between), and
    /// after the first a 7° movement that leans round a circle through upright in 1.4 s (a shin
    /// wobbling as the knee settles: a shallow movement's lean is mostly wobble, whatever its
    /// shape). Under the calf's own 10° it is not judged by its loop, and the set counts all six
    /// (five when the loop ended the set).
    @Test func aShallowLoopAtRaisedSensitivityLeavesTheSet() {
        let settle = 3.0, bend = 2.5, period = bend + 1.5, reps = 6.0, loopStart = settle + bend + 0.05, loop = 1.4
        let samples = SquatDetectorTests.turning(for: settle + reps * period + 3) { t in
            if t >= loopStart, t < loopStart + loop {
                let angle = 2 * Double.pi * (t - loopStart) / loop
                return HingedSegmentTests.shin(forward: 7 * (1 - cos(angle)) / 2, sideways: 7 * sin(angle) / 2)
            }
            let k = ((t - settle) / period).rounded(.down), into = t - settle - k * period
            guard t >= settle, k < reps, into < bend else { return HingedSegmentTests.shin(forward: 0) }
            return HingedSegmentTests.shin(forward: 20 * (1 - cos(2 * Double.pi * into / bend)) / 2)
        }
        let run = DetectorRun(profile: SquatProfile(placement: .calf, sensitivity: Sensitivity(10)!), samples: samples)
        #expect(run.reps.count == 6, "reps at \(run.reps.map(\.start)), amplitudes \(run.reps.map(\.amplitude))")
    }

    /// A band on the shin turned forward 16° and back over 1.6 s, three times, leaning the same
    /// way: three alike reps, a set. Between the second and the third the band is turned
    /// `quickTurn` degrees and back in 0.6 s, quicker than a knee moves the shin through a rep
    /// (the calf's 0.8 s): with |a| at |g| throughout, that is the band turned by hand, and the
    /// set ends, whether the turn is deep enough for a rep (20°) or not (9°; 3 counted for
    /// either without ``SquatDetector/turnedByHandJolt``). With |a| 15 % off |g| during the
    /// quick movement, as an impact's brief push makes it, it says nothing about the movements
    /// around it: still three reps (0 if every quick movement ended the set).
    @Test(arguments: [(20.0, 0.0, 0), (9.0, 0.0, 0), (20.0, 0.15, 3)])
    func aQuickQuietTurnWithinASetEndsIt(quickTurn: Double, jolt: Double, expected: Int) {
        let rate = 50.0
        // (start, duration, depth in degrees, |a| off |g| as a fraction) of each movement.
        let movements: [(Double, Double, Double, Double)] = [(3, 1.6, 16, 0), (5.6, 1.6, 16, 0), (8.7, 0.6, quickTurn, jolt),
                                                             (10.8, 1.6, 16, 0)]
        let samples = (0..<Int(15.6 * rate)).map { i -> Sample in
            let t = Double(i) / rate
            var forward = 0.0, length = 9.81
            for (start, duration, depth, off) in movements where t >= start && t < start + duration {
                let f = (1 - cos(2 * Double.pi * (t - start) / duration)) / 2
                forward = depth * f
                length *= 1 + off * f
            }
            let u = HingedSegmentTests.shin(forward: forward) * length
            return Sample(t: t, x: u.x, y: u.y, z: u.z)
        }
        let run = DetectorRun(profile: SquatProfile(placement: .calf), samples: samples)
        #expect(run.reps.count == expected, "reps at \(run.reps.map(\.start)), amplitudes \(run.reps.map(\.amplitude))")
    }

    /// Six fast calf reps: the shank turns 22° forward about the ankle in 0.65 s and back in
    /// 0.65 s (minimum-jerk paths, 1.2 s standing between), read at 100 Hz by a sensor `radius`
    /// metres up the shank, which feels the turn's tangential and centripetal accelerations
    /// as well as gravity. 24 cm up, the forward acceleration as the knee sets off reads as
    /// gravity tilted backward, further than the shank has turned: the tilt from standing rises
    /// the wrong way, swings back through standing and only then follows the rep, which, timed
    /// from its second start, is shorter than the calf's 0.8 s minimum rep. Timed from the
    /// wrong-way lead (``SquatDetector/passingThroughStanding``) all six count, as they do
    /// read at the ankle (radius 0), where there is no lead; without it the set counted none.
    /// At 12.5 Hz, 16 cm up the shank, the tilt's return to standing and the next start are
    /// seen two samples apart (0.16 s), though they were less than 0.12 s apart: the lead is
    /// allowed one sample spacing more, and the six count (none without it).
    @Test(arguments: [(0.0, 100.0, 6), (0.24, 100, 6), (0.16, 12.5, 6)])
    func fastRepsCountFromTheirWrongWayLead(radius: Double, rate: Double, expected: Int) {
        let g = 9.81, pause = 1.2, depth = 22 * Double.pi / 180, half = 0.65, settle = 3.0, reps = 6
        let samples = (0..<Int((settle + Double(reps) * (2 * half + pause) + 2) * rate)).map { i -> Sample in
            let t = Double(i) / rate
            // The shank's angle from upright, and its first and second derivatives.
            var angle = 0.0, speed = 0.0, acceleration = 0.0
            let u = t - settle, period = 2 * half + pause
            if u > 0, u < Double(reps) * period {
                let v = u.truncatingRemainder(dividingBy: period)
                if v < 2 * half {
                    let s = v < half ? v / half : 2 - v / half, sign = v < half ? 1.0 : -1.0
                    angle = depth * s * s * s * (10 + s * (-15 + 6 * s))
                    speed = sign * depth * s * s * (30 + s * (-60 + 30 * s)) / half
                    acceleration = depth * s * (60 + s * (-180 + 120 * s)) / (half * half)
                }
            }
            // World (forward, up): gravity plus the acceleration of a point `radius` up the shank.
            let forward = radius * (acceleration * cos(angle) - speed * speed * sin(angle))
            let up = g + radius * (-acceleration * sin(angle) - speed * speed * cos(angle))
            // Seen along the shank (z) and across it (x).
            let along = forward * sin(angle) + up * cos(angle), across = forward * cos(angle) - up * sin(angle)
            return Sample(t: t, x: across, y: 0, z: along)
        }
        let run = DetectorRun(profile: SquatProfile(placement: .calf), samples: samples)
        #expect(run.reps.count == expected, "reps at \(run.reps.map(\.start)), lasting \(run.reps.map(\.duration))")
    }

    /// Six fast calf reps with no pause at the top, the shin 25° forward and back in
    /// `secondsPerRep`, |a| swinging with the body's braking and push (a 30 cm drop), read at
    /// 10 Hz by ten clocks 0.01 s apart. Whether a rep lasted the calf's 0.8 s minimum does not
    /// depend on where the samples fall: every clock counts six. Timed at the samples that first
    /// showed the start level and the return level crossed, each up to 0.1 s late, the same reps
    /// read up to 0.1 s shorter on one clock than on another, and 14 of the 20 sets counted 0–4
    /// (``SquatDetector/crossing(of:from:to:endingAt:dt:reach:)``).
    @Test(arguments: [1.25, 1.3])
    func fastRepsAreTimedBetweenSamples(secondsPerRep: Double) {
        let settle = 4.0, reps = 6, w = 2 * Double.pi / secondsPerRep
        let counts = (0..<10).map { clock -> Int in
            let samples = (0..<Int((settle + Double(reps) * secondsPerRep + 4) * 10)).map { i -> Sample in
                let t = Double(i) / 10 + Double(clock) / 100, u = t - settle
                // How far down the rep is (0…1), and its second derivative, 1/s².
                var depth = 0.0, depthAcceleration = 0.0
                if u >= 0, u < Double(reps) * secondsPerRep {
                    let into = u.truncatingRemainder(dividingBy: secondsPerRep)
                    depth = (1 - cos(w * into)) / 2
                    depthAcceleration = w * w * cos(w * into) / 2
                }
                let a = HingedSegmentTests.shin(forward: 25 * depth) * (9.81 - 0.3 * depthAcceleration)
                return Sample(t: 1000 + t, x: a.x, y: a.y, z: a.z)
            }
            return DetectorRun(profile: SquatProfile(placement: .calf), samples: samples).reps.count
        }
        #expect(counts == Array(repeating: reps, count: 10))
    }

    /// Eight fast half squats on the calf, no pause at the top, the shin 25° forward and back
    /// (at 100 Hz): two in 1.1 s (the fastest squat less its tempo's variation), three in 1.3 s,
    /// three in 1.1 s. The 3° start level is an eighth of the tilt, and from it to the return
    /// the quick reps read 0.74 s, under the calf's 0.8 s (``Thresholds/minRepDuration``), all
    /// but the first, set off from standing (0.85 s): the set counted four. The second leads into
    /// the set the slower three confirm, and the three after them keep its tempo
    /// (``SquatDetector/shortestShinRep``): all eight count. Alone, the quick reps make no set.
    @Test(arguments: [([1.1, 1.1, 1.3, 1.3, 1.3, 1.1, 1.1, 1.1], 8), (Array(repeating: 1.1, count: 8), 0)])
    func fastHalfSquatsOnTheCalfCount(periods: [Double], expected: Int) {
        let settle = 4.0, total = periods.reduce(0, +)
        let samples = (0..<Int((settle + total + 4) * 100)).map { i -> Sample in
            let t = Double(i) / 100
            var u = t - settle, depth = 0.0, depthAcceleration = 0.0
            for period in periods where u >= 0 {
                guard u >= period else {
                    let w = 2 * Double.pi / period
                    depth = (1 - cos(w * u)) / 2
                    depthAcceleration = w * w * cos(w * u) / 2
                    break
                }
                u -= period
            }
            let a = HingedSegmentTests.shin(forward: 25 * depth) * (9.81 - 0.2 * depthAcceleration)
            return Sample(t: 1000 + t, x: a.x, y: a.y, z: a.z)
        }
        let run = DetectorRun(profile: SquatProfile(placement: .calf), samples: samples)
        #expect(run.reps.count == expected, "reps at \(run.reps.map(\.start)), lasting \(run.reps.map(\.duration))")
    }

    /// Six bends of the knee, 2.5 s each (the thigh 30° forward and back, the shin 15°),
    /// `stand` seconds apart standing upright: a breath apart (1 s) they are a set; 5 s
    /// apart, as someone bending down to pick things up stands between bends, each is on its
    /// own (``SquatDetector/longestStandInSet``; all six counted without it, the pauses being
    /// shorter than ``Thresholds/setGap``).
    @Test(arguments: [(Placement.thigh, 1.0, 6), (.thigh, 5, 0), (.calf, 1, 6), (.calf, 5, 0)])
    func bendsStandingLongerThanABreathApartAreNoSet(placement: Placement, stand: Double, expected: Int) {
        let samples = HingedSegmentTests.kneeBends(6, depth: placement == .thigh ? 30 : 15, standing: stand)
        let run = DetectorRun(profile: SquatProfile(placement: placement), samples: samples)
        #expect(run.reps.count == expected, "reps at \(run.reps.map(\.start)), amplitudes \(run.reps.map(\.amplitude))")
    }

    /// Six slow squats: the thigh 85° forward and back (the shin 30°), 3 s down and 3 s up
    /// along minimum-jerk paths, standing 2.5 s at the top between them; at 10 Hz. They are
    /// one set: the wearer stood 2.5 s between reps, a breath, timed from when the leg came to
    /// rest to when it set off again. Timed within half a start level of standing, each stand
    /// read 3.4–3.6 s, the slow ends of the reps around it included, longer than
    /// ``SquatDetector/longestStandInSet``, and none counted.
    @Test(arguments: [(Placement.thigh, 85.0), (.calf, 30)])
    func slowSquatsPausingABreathAtTheTopAreOneSet(placement: Placement, depth: Double) {
        let settle = 3.0, down = 3.0, up = 3.0, pause = 2.5, reps = 6
        let period = down + up + pause
        let samples = SquatDetectorTests.turning(for: settle + Double(reps) * period + 3) { t in
            let k = ((t - settle) / period).rounded(.down), into = t - settle - k * period
            guard t >= settle, k < Double(reps), into < down + up else { return HingedSegmentTests.shin(forward: 0) }
            let s = into < down ? into / down : 1 - (into - down) / up
            return HingedSegmentTests.shin(forward: depth * s * s * s * (10 - 15 * s + 6 * s * s))
        }
        let run = DetectorRun(profile: SquatProfile(placement: placement), samples: samples)
        #expect(run.reps.count == reps, "reps at \(run.reps.map(\.start)), amplitudes \(run.reps.map(\.amplitude))")
    }

    /// The bends of ``bendsStandingLongerThanABreathApartAreNoSet(placement:stand:expected:)``
    /// 5 s apart, the wearer swaying twice between them by five sixths of a start level (5° on the
    /// thigh, 2.5° on the shin), past the half a start level within which the tilt is at
    /// standing: a sway is no movement, the wearer stands on, and the bends are no set (they
    /// counted when every return to standing restarted the stand).
    @Test(arguments: [(Placement.thigh, 5.0), (.calf, 2.5)])
    func swayingWhileStandingIsStillStanding(placement: Placement, sway: Double) {
        let samples = HingedSegmentTests.kneeBends(6, depth: placement == .thigh ? 30 : 15, standing: 5, sway: sway)
        let run = DetectorRun(profile: SquatProfile(placement: placement), samples: samples)
        #expect(run.reps.isEmpty, "reps at \(run.reps.map(\.start)), amplitudes \(run.reps.map(\.amplitude))")
    }

    /// Six bends of a shin forward and back, 1.2 s down and 1.2 s up, held 1 s at the bottom,
    /// `stand` seconds apart, bent 12° and 16° in turn (the simulated stoops bend it 10–19°,
    /// as far as each object asks), or 14° each; at 10 Hz. Stood 2.5 s between bends, longer
    /// than a breath (``SquatDetector/longestBreath``) but within ``SquatDetector/longestStandInSet``,
    /// someone picking things up bends this way and that, and nothing counts: each bend a fifth
    /// or more off the one before resumes no set (``SquatDetector/resumedUnlikeTheSet(_:)``;
    /// all six counted without it, alike within the set's consistency). Bent alike after the
    /// same stands, they are a set paused at the top, and a set of reps of varied depth a
    /// breath (1 s) apart is one too, as the real sets vary theirs.
    @Test(arguments: [(2.5, true, 0), (2.5, false, 6), (1.0, true, 6)])
    func bendsOfVariedDepthAfterLongerThanABreathAreNoSet(stand: Double, varied: Bool, expected: Int) {
        let samples = HingedSegmentTests.heldBends(6, down: 1.2, hold: 1.0, up: 1.2, stand: stand) { k in
            varied ? (k % 2 == 0 ? 12 : 16) : 14
        }
        let run = DetectorRun(profile: SquatProfile(placement: .calf), samples: samples)
        #expect(run.reps.count == expected, "reps at \(run.reps.map(\.start)), amplitudes \(run.reps.map(\.amplitude))")
    }

    /// Six bends of the thigh `depth` degrees forward and back, 1 s down and 1 s up, held
    /// `hold` seconds at the bottom, a breath (1 s) apart; at 10 Hz. Bent 30° and straight back
    /// up they are a set of partial squats (the real ones here spend at most 0.39 of a rep within
    /// a tenth of its depth of its bottom, a smooth rep 0.26–0.32); held 1.2 s there, 0.55 of
    /// each rep, they are someone stooping to pick things up, the knees bent a little while the
    /// trunk reaches the floor, and nothing counts (``SquatDetector/heldAShallowBend(_:leftBottom:)``; all
    /// six counted without it). Bent 60° and held as long, they are pause squats, and count.
    @Test(arguments: [(30.0, 0.0, 6), (30, 1.2, 0), (60, 1.2, 6)])
    func aShallowBendHeldAtItsBottomIsNoRep(depth: Double, hold: Double, expected: Int) {
        let samples = HingedSegmentTests.heldBends(6, down: 1, hold: hold, up: 1, stand: 1) { _ in depth }
        let run = DetectorRun(profile: SquatProfile(placement: .thigh), samples: samples)
        #expect(run.reps.count == expected, "reps at \(run.reps.map(\.start)), amplitudes \(run.reps.map(\.amplitude))")
    }
}
