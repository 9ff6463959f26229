#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import SquatCore

/// The `bounce` signal (a wrist band) on vertical movements of the whole body.
@Suite struct BounceTests {
    /// A band read by a sensor with |g| at 12 m/s², mounted at a slant, whose vertical
    /// acceleration is `acceleration(t)`, m/s², sampled at `rateHz` for `seconds`.
    static func samples(rateHz: Double, seconds: Double, acceleration: (Double) -> Double) -> [Sample] {
        let scale = 12 / SquatSignalTests.g, mount = Vector3(0.6, 0.8, 0)
        return (0...Int(seconds * rateHz)).map { i in
            let t = Double(i) / rateHz
            let f = Vector3(0, 0, (SquatSignalTests.g + acceleration(t)) * scale).rotated(about: mount, by: 0.7)
            return Sample(t: t, x: f.x, y: f.y, z: f.z)
        }
    }

    /// Sitting down on a chair (hips 45 cm lower in 1.4 s), staying seated 6 s and standing up
    /// (1.3 s), five times: the arm hangs, so the band moves up and down with the body as on a
    /// barbell. Sitting down ends in a braking hump and then rest; before the `bounce` signal was
    /// held to ``SquatDetector/maxHold`` that rest kept the movement open until standing up
    /// completed it, and every sit-down with its stand-up counted as a rep (five here).
    @Test(arguments: [12.5, 100])
    func sittingDownAndStandingUpIsNoSquat(rateHz: Double) {
        let cycle = 12.0, down = 1.4, seated = 6.0, up = 1.3, drop = 0.45
        let samples = LiftTests.samples(rateHz: rateHz, seconds: 3 + 5 * cycle) { t in
            let u = t - 3
            guard u > 0, u < 5 * cycle else { return 0 }
            let v = u.truncatingRemainder(dividingBy: cycle)
            let lowered: Double
            if v < down {
                lowered = (1 - cos(Double.pi * v / down)) / 2
            } else if v < down + seated {
                lowered = 1
            } else if v < down + seated + up {
                lowered = (1 + cos(Double.pi * (v - down - seated) / up)) / 2
            } else {
                lowered = 0
            }
            return -drop * lowered
        }
        let run = DetectorRun(profile: SquatProfile(placement: .wrist), samples: samples)
        #expect(run.reps.isEmpty, "reps at \(run.reps.map(\.end))")
    }

    /// A hand waving for 4 s (the forearm swinging ±25° at 2 Hz makes |a| swing by up to 2.5 g,
    /// always lengthening it) and then held still at the side: 5 s later the signal is back at
    /// standing. Before |g| was learned only from samples a squat could make, the waving raised
    /// the estimate by about 2 m/s², and the signal still sat that far below standing at 21 s.
    @Test(arguments: [12.5, 100])
    func wavingLeavesTheStandingLevelAlone(rateHz: Double) {
        let g = 9.81
        let samples = (0...Int(30 * rateHz)).map { i in
            let t = Double(i) / rateHz
            let waving = t >= 12 && t < 16
            let swing = waving ? 25 * abs(sin(2 * Double.pi * 2 * t)) : 0
            return Sample(t: t, x: 0.3 * swing, y: -swing, z: g)
        }
        var detector = SquatDetector(profile: SquatProfile(placement: .wrist))
        var signalAt21: Double?
        for s in samples {
            _ = detector.step(s)
            if signalAt21 == nil && s.t >= 21 { signalAt21 = detector.probe.signal }
        }
        let level = detector.thresholds.startLevel
        #expect(abs(signalAt21 ?? .infinity) < level, "signal \(String(describing: signalAt21)) m/s² at 21 s")
    }

    /// A free arm raised forward to 120° in one 0.8 s swing, held 2 s, lowered in 0.8 s, six
    /// times with 2.5 s at the side between: the band 50 cm from the shoulder. While the arm
    /// swings, centripetal acceleration keeps |a| off |g|, so no sample of the swing measures
    /// the turn; held up, the arm is turned 120° from where the wearer stood still, more than
    /// hands on a bar ever turn (``Thresholds/maxTurn``), and nothing counts. Measured from
    /// the start of each movement, the turn was never seen and the swings counted as reps.
    @Test(arguments: [12.5, 100])
    func armRaisedInOneSwingIsNoSquat(rateHz: Double) {
        let radius = 0.5, raised = 120 * Double.pi / 180
        let swing = 0.8, hold = 2.0, rest = 2.5, start = 3.0
        let cycle = 2 * swing + hold + rest
        /// The arm's angle forward from hanging, radians.
        func angle(_ t: Double) -> Double {
            let u = t - start
            guard u > 0, u < 6 * cycle else { return 0 }
            let v = u.truncatingRemainder(dividingBy: cycle)
            if v < swing { return raised * (1 - cos(Double.pi * v / swing)) / 2 }
            if v < swing + hold { return raised }
            if v < 2 * swing + hold { return raised * (1 + cos(Double.pi * (v - swing - hold) / swing)) / 2 }
            return 0
        }
        let samples = armSwingSamples(rateHz: rateHz, seconds: start + 6 * cycle + 3, radius: radius, angle: angle)
        let run = DetectorRun(profile: SquatProfile(placement: .wrist), samples: samples)
        #expect(run.reps.isEmpty, "reps at \(run.reps.map(\.end))")
    }

    /// Eight squats with a bar on the back at 1.2 s per rep, the fastest people squat: the band
    /// 45 cm down and up, forward by up to 26 cm and back with the shoulders as the trunk leans
    /// (out of phase with the drop), turning 12° at the bottom. The forward acceleration tilts
    /// the apparent gravity by 30–35° at moments |a| is within 10 % of |g|. Read there, the
    /// reps turned further than hands on a bar do (``Thresholds/maxTurn``, 30°) and did not
    /// count; read only where |a| stayed near |g| (``SquatSignal/quasiStaticDwell``) and from
    /// each rep's mean direction, the turn is the band's own.
    @Test(arguments: [12.5, 100])
    func fastSquatsWithABarCount(rateHz: Double) {
        let reps = 8, secondsPerRep = 1.2, drop = 0.45, forward = 0.4, lean = 12 * Double.pi / 180
        let start = 3.0
        let samples = Self.barSamples(rateHz: rateHz, seconds: start + Double(reps) * secondsPerRep + 3) { t in
            let u = t - start
            guard u > 0, u < Double(reps) * secondsPerRep else { return (0, 0, 0) }
            let phase = 2 * Double.pi * u / secondsPerRep
            let down = (1 - cos(phase)) / 2
            return (forward * sin(phase) * down, -drop * down, lean * down)
        }
        let run = DetectorRun(profile: SquatProfile(placement: .wrist), samples: samples)
        #expect(run.reps.count == reps, "reps at \(run.reps.map(\.end))")
    }

    /// A band on a fixed mount, sampled at `rateHz` for `seconds`, while it follows `pose(t)`:
    /// its position (forward, up), metres, and its pitch, radians.
    static func barSamples(rateHz: Double, seconds: Double,
                           pose: (Double) -> (x: Double, z: Double, turn: Double)) -> [Sample] {
        let g = SquatSignalTests.g, h = 1e-4, mount = Vector3(0.6, 0.8, 0)
        return (0...Int(seconds * rateHz)).map { i in
            let t = Double(i) / rateHz
            let (before, now, after) = (pose(t - h), pose(t), pose(t + h))
            let ax = (after.x - 2 * now.x + before.x) / (h * h)
            let az = (after.z - 2 * now.z + before.z) / (h * h)
            // The world's acceleration plus gravity, in the band's frame: turned back by the
            // band's pitch, then by a fixed mount.
            let c = cos(now.turn), s = sin(now.turn)
            let local = Vector3(c * ax - s * (az + g), 0, s * ax + c * (az + g))
            let f = local.rotated(about: mount, by: 0.7)
            return Sample(t: t, x: f.x, y: f.y, z: f.z)
        }
    }

    /// Eight slow half squats with a bar on the back, the band 30 cm down and up (each half a
    /// cosine) and back at once into the next: in 2.5 s each way (5 s per rep), the band
    /// turning 10° as the trunk leans, and in 2 s each way with 1 s paused at the bottom, the
    /// trunk upright. The push out of the bottom is 0.33–0.5 m/s² of `bounce`, spread over
    /// 2.2–3.4 s, under the wrist's 0.7 minimum depth, the bar of a hump a second long or
    /// shorter (the same squat at 1.2 s per rep makes about 3); held to it at every duration,
    /// none counted. A hump that long is a rep by its travel
    /// (``SquatStateMachine/leastDepth(lasting:)``).
    ///
    /// And at 5 s per rep with the trunk upright: the band's acceleration changes so slowly
    /// that the wearer reads as standing still throughout (``SquatSignal/isStill``), at the
    /// peak of every push too, and each rep was taken for the signal coming back to rest
    /// (none counted); the wearer was still from before the rep began
    /// (``SquatDetector/cameBackToRest(_:)``).
    @Test(arguments: [12.5, 100], [(half: 2.5, pause: 0.0, lean: 10.0), (half: 2.0, pause: 1.0, lean: 0.0),
                                   (half: 2.5, pause: 0.0, lean: 0.0)])
    func slowHalfSquatsCount(rateHz: Double, set: (half: Double, pause: Double, lean: Double)) {
        let reps = 8, drop = 0.3, start = 3.0
        let cycle = 2 * set.half + set.pause, lean = set.lean * Double.pi / 180
        let samples = Self.barSamples(rateHz: rateHz, seconds: start + Double(reps) * cycle + 3) { t in
            let u = t - start
            guard u > 0, u < Double(reps) * cycle else { return (0, 0, 0) }
            let v = u.truncatingRemainder(dividingBy: cycle)
            let down = LiftTests.ease(v / set.half) - LiftTests.ease((v - set.half - set.pause) / set.half)
            return (0, -drop * down, lean * down)
        }
        let run = DetectorRun(profile: SquatProfile(placement: .wrist), samples: samples)
        #expect(run.reps.count == reps, "reps at \(run.reps.map(\.end))")
    }

    /// Eight slow, shallow squats paused 1 s at the bottom and `top` seconds at the top, 3 s
    /// down and 3 s up, each half a set-off and a braking hump of 0.15 m/s² (1.5 s wide; the
    /// band about 17 cm down), as gentle as the simulated 6 s, 60° wrist set of seed 35. Braking,
    /// pause and push all lie within half a start level of one another, and held there for
    /// ``SquatDetector/maxHold`` every rep was abandoned as a seat (none counted). A level held
    /// from before the movement's peak, that peak above rest, is the movement's own hump and no
    /// posture (`SquatDetector.holdIsTheMovementsHump`).
    @Test(arguments: [12.5, 100], [0.5, 2.0])
    func slowGentleSquatsPausedAtTheBottomCount(rateHz: Double, top: Double) {
        let reps = 8, half = 3.0, pause = 1.0, hump = 0.15, start = 3.0
        let cycle = 2 * half + pause + top, width = half / 2
        let samples = Self.samples(rateHz: rateHz, seconds: start + Double(reps) * cycle + 3) { t in
            let u = t - start
            guard u >= 0, u < Double(reps) * cycle else { return 0 }
            let v = u.truncatingRemainder(dividingBy: cycle), rise = v - half - pause
            let down = Self.bump(v, at: width / 2, width: width) - Self.bump(v, at: half - width / 2, width: width)
            let up = Self.bump(rise, at: width / 2, width: width) - Self.bump(rise, at: half - width / 2, width: width)
            return hump * (up - down)
        }
        let run = DetectorRun(profile: SquatProfile(placement: .wrist), samples: samples)
        #expect(run.reps.count == reps, "reps at \(run.reps.map(\.end))")
    }

    /// Eight fast squats (0.4 g for 0.4 s down, up for 0.8 s, down again for 0.4 s), each
    /// followed by 3 s standing, in which the wearer bobs at the knees as the bar is settled
    /// again: the shoulders 5 cm down and back in 1.5 s. The bob is a gentle, long hump, a
    /// candidate for lasting long (``SquatStateMachine/leastDepth(lasting:)``), unlike the
    /// set's reps; offered, it ended the set every time (none counted). A gentle
    /// hump unlike the set's reps is no rep and leaves the set alone
    /// (``SquatDetector/isShallowStrayInSet(_:)``).
    @Test(arguments: [12.5, 100])
    func aBobBetweenFastSquatsLeavesTheSetAlone(rateHz: Double) {
        let reps = 8, lobe = 0.4, standing = 3.0, bob = 0.05, bobSeconds = 1.5, start = 3.0
        let peak = 0.4 * SquatSignalTests.g, rep = 4 * lobe, cycle = rep + standing
        let bobStart = rep + (standing - bobSeconds) / 2, w = 2 * Double.pi / bobSeconds
        /// The band's vertical acceleration, m/s², at time `t`.
        func acceleration(_ t: Double) -> Double {
            let u = t - start
            guard u > 0, u < Double(reps) * cycle else { return 0 }
            let v = u.truncatingRemainder(dividingBy: cycle)
            if v < lobe { return -peak * sin(Double.pi * v / lobe) }
            if v < 3 * lobe { return peak * sin(Double.pi * (v - lobe) / (2 * lobe)) }
            if v < rep { return -peak * sin(Double.pi * (v - 3 * lobe) / lobe) }
            // The bob's height −bob·(1 − cos wτ)/2, differentiated twice.
            let tau = v - bobStart
            return tau > 0 && tau < bobSeconds ? -bob / 2 * w * w * cos(w * tau) : 0
        }
        let samples = Self.samples(rateHz: rateHz, seconds: start + Double(reps) * cycle + 3, acceleration: acceleration)
        let run = DetectorRun(profile: SquatProfile(placement: .wrist), samples: samples)
        #expect(run.reps.count == reps, "reps at \(run.reps.map(\.end))")
    }

    /// Eight fast, deep squats, each followed by 2 s standing: the band's acceleration drops
    /// by 0.6 g for 0.4 s, rises by as much for 0.8 s (braking and the push) and drops again
    /// for 0.4 s as the wearer slows at the top, so that the velocity is back at zero. While
    /// the wearer stands, the band-filtered signal climbs back from the slowing's trough to
    /// rest, and the next descent takes it down again: a hump as deep as a rep, with its peak
    /// at rest, between every two reps. Offered as reps they broke the set (none counted at
    /// 12.5 Hz, 7 at 100 Hz); they are no push out of a bottom
    /// (``SquatDetector/leastPushFraction``).
    ///
    /// The same with 0.7 g, the braking and the push two humps of 0.4 s, and 2.5 s standing:
    /// the braking and the pushes go beyond the 0.6 g a squat's |g| is learned from
    /// (``SquatSignal/squatAccelerationLimit``), the drops less far, so |g| reads low and the
    /// signal rests above 0 while the wearer stands: its climb back to rest peaked more than a
    /// quarter of the hump's depth above 0, passed for a push and broke the set (6 counted at
    /// 12.5 Hz). A push is the body accelerating; a peak reached while the wearer stands still
    /// is the signal coming back to rest (``SquatDetector/cameBackToRest(_:)``).
    @Test(arguments: [12.5, 100], [(0.6, 2.0, false), (0.7, 2.5, true)])
    func fastSquatsWithAPauseAtTheTopCount(rateHz: Double, set: (peak: Double, standing: Double, twoHumps: Bool)) {
        let reps = 8, lobe = 0.4, start = 3.0, peak = set.peak * SquatSignalTests.g
        let rep = 4 * lobe, cycle = rep + set.standing
        /// The band's vertical acceleration, m/s², at time `t`.
        func acceleration(_ t: Double) -> Double {
            let u = t - start
            guard u > 0, u < Double(reps) * cycle else { return 0 }
            let v = u.truncatingRemainder(dividingBy: cycle)
            if v < lobe { return -peak * sin(Double.pi * v / lobe) }
            if v < 3 * lobe {
                let humps = set.twoHumps ? 2.0 : 1.0
                return peak * sin(humps * Double.pi * (v - lobe) / (2 * lobe)).magnitude
            }
            if v < rep { return -peak * sin(Double.pi * (v - 3 * lobe) / lobe) }
            return 0
        }
        let samples = Self.samples(rateHz: rateHz, seconds: start + Double(reps) * cycle + 3, acceleration: acceleration)
        let run = DetectorRun(profile: SquatProfile(placement: .wrist), samples: samples)
        #expect(run.reps.count == reps, "reps at \(run.reps.map(\.end))")
    }

    /// Eight slow squats, 45 cm down and up in 5 s along half a cosine, standing `pause` seconds
    /// between: the band's vertical acceleration swings by 0.36 m/s² (0.03 g), down, up at
    /// the bottom (the push), down at the top. Near the push's peak it changes too slowly for
    /// the stillness test (2 % of |g| off its 0.7 s mean), so the wearer reads still there, and
    /// every push was taken for the signal coming back to rest after a rep
    /// (``SquatDetector/cameBackToRest(_:)``): none counted. A peak reached while still is the
    /// rest only at the level the sensor reads at rest; this one is half the hump's depth above it.
    @Test(arguments: [12.5, 25, 100], [0.0, 2.0])
    func slowSquatsWhosePushReadsStillCount(rateHz: Double, pause: Double) {
        let reps = 8, tempo = 5.0, drop = 0.45, start = 3.0
        let cycle = tempo + pause, omega = 2 * Double.pi / tempo
        let samples = Self.samples(rateHz: rateHz, seconds: start + Double(reps) * cycle + 3) { t in
            let u = t - start
            guard u > 0, u < Double(reps) * cycle else { return 0 }
            let v = u.truncatingRemainder(dividingBy: cycle)
            // The band's height −drop·(1 − cos ωv)/2, differentiated twice.
            return v < tempo ? -drop / 2 * omega * omega * cos(omega * v) : 0
        }
        let run = DetectorRun(profile: SquatProfile(placement: .wrist), samples: samples)
        #expect(run.reps.count == reps, "reps at \(run.reps.map(\.end))")
    }

    /// Eight slow, shallow squats, 30–35 cm down and up in 6 s along half a cosine, standing
    /// 2 s between, the band turning `turn` degrees with the trunk's lean: its acceleration
    /// swings by 0.16–0.19 m/s², within the 0.03 g of a rest (``RestTracker``), and it turns
    /// past the rest's 3.4° only in the middle of each rep. The rest ran from the end of one
    /// rep through the pause into the next descent, over 5 s, and ended the set every time
    /// (none counted at 100 Hz), though the wearer was still for 2.2 s of it. On the wrist its
    /// stillness alone ends a set (``SquatDetector/longestRestInSet``).
    @Test(arguments: [(0.3, 8.0), (0.3, 10.0), (0.35, 10.0)])
    func slowSquatsThatRestByTheTrunksTolerancesCount(set: (drop: Double, turn: Double)) {
        let reps = 8, tempo = 6.0, pause = 2.0, start = 3.0, rateHz = 100.0
        let cycle = tempo + pause, omega = 2 * Double.pi / tempo
        let scale = 12 / SquatSignalTests.g, mount = Vector3(0.6, 0.8, 0)
        let samples = (0...Int((start + Double(reps) * cycle + 3) * rateHz)).map { i in
            let t = Double(i) / rateHz
            let u = t - start, v = u.truncatingRemainder(dividingBy: cycle)
            let inRep = u > 0 && u < Double(reps) * cycle && v < tempo
            // The band's height −drop·(1 − cos ωv)/2, differentiated twice, and its turn.
            let a = inRep ? -set.drop / 2 * omega * omega * cos(omega * v) : 0
            let turn = inRep ? set.turn * Double.pi / 180 * (1 - cos(omega * v)) / 2 : 0
            let f = Vector3(0, 0, (SquatSignalTests.g + a) * scale).rotated(about: Vector3(0, 1, 0), by: turn)
                .rotated(about: mount, by: 0.7)
            return Sample(t: t, x: f.x, y: f.y, z: f.z)
        }
        let run = DetectorRun(profile: SquatProfile(placement: .wrist), samples: samples)
        #expect(run.reps.count == reps, "reps at \(run.reps.map(\.end))")
    }

    /// Sitting down on a chair (45 cm lower in 1.4 s), seated 2.2 s, leaning forward to stand
    /// up (the shoulders 3–6 cm lower in 0.6–1 s), standing up (1.3 s) and standing 4 s, six
    /// times, the arm hanging. The seat is shorter than ``SquatDetector/maxHold`` and than the
    /// rests ``RestTracker`` takes for a seat, so sitting down and standing up made two reps
    /// each (11–12 counted); but a squat's ascent does not rest at |g| after its bottom and then
    /// fall: sitting down is no rep, and it ends the set (``SquatDetector/maxRestAfterBottom``).
    /// Where the lean was too small (3 cm in 0.6 s) or too slow (6 cm in 1 s) for its fall to
    /// complete the movement before the stand-up's push rose out of it, the push made the rest
    /// forgotten, and sit-down, seat and stand-up counted as one rep (six).
    @Test(arguments: [12.5, 100], [(0.06, 0.6), (0.03, 0.6), (0.06, 1.0)])
    func sittingDownBrieflyIsNoSquat(rateHz: Double, leanForward: (drop: Double, seconds: Double)) {
        let drop = 0.45, lean = leanForward.drop, start = 3.0, times = 6
        let phases: [(seconds: Double, from: Double, to: Double)] = [
            (1.4, 0, -drop), (2.2, -drop, -drop), (leanForward.seconds, -drop, -drop - lean), (1.3, -drop - lean, 0), (4, 0, 0),
        ]
        let cycle = phases.map(\.seconds).reduce(0, +)
        let samples = LiftTests.samples(rateHz: rateHz, seconds: start + Double(times) * cycle + 3) { t in
            let u = t - start
            guard u > 0, u < Double(times) * cycle else { return 0 }
            var v = u.truncatingRemainder(dividingBy: cycle)
            for p in phases {
                if v < p.seconds {
                    let x = v / p.seconds, smooth = x * x * x * (10 - 15 * x + 6 * x * x)
                    return p.from + (p.to - p.from) * smooth
                }
                v -= p.seconds
            }
            return 0
        }
        let run = DetectorRun(profile: SquatProfile(placement: .wrist), samples: samples)
        #expect(run.reps.isEmpty, "reps at \(run.reps.map(\.end))")
    }

    /// Picking something up from the floor eight times, the arm hanging: the band 45 cm down
    /// in 1.2 s, held 0.8 s, up in 1.2 s, like a squat paused at the bottom, but with the wearer
    /// standing still `standing` seconds between. Standing 5 s, longer than a breath at the top
    /// of a set (``SquatDetector/longestStillInSet``), the movements are no set (eight counted
    /// without the rule); standing 2 s, as between the reps of a set, they count.
    @Test(arguments: [12.5, 100], [(5.0, 0), (2.0, 8)])
    func movementsAfterStandingStillAreNoSet(rateHz: Double, gap: (standing: Double, expected: Int)) {
        let times = 8, down = 1.2, hold = 0.8, up = 1.2, drop = 0.45, start = 3.0
        let cycle = down + hold + up + gap.standing
        let samples = LiftTests.samples(rateHz: rateHz, seconds: start + Double(times) * cycle + 3) { t in
            let u = t - start
            guard u > 0, u < Double(times) * cycle else { return 0 }
            let v = u.truncatingRemainder(dividingBy: cycle)
            return -drop * (LiftTests.ease(v / down) - LiftTests.ease((v - down - hold) / up))
        }
        let run = DetectorRun(profile: SquatProfile(placement: .wrist), samples: samples)
        #expect(run.reps.count == gap.expected, "reps at \(run.reps.map(\.end))")
    }
    /// A band on a hand that turns it 60° while it goes 40 cm down and up in 1.3 s, the pace
    /// of a quick rep, never holding still on the way (the turn shows in the movement's mean
    /// direction alone), and then, after standing `standing` seconds, makes three such
    /// movements turning the band only 15° at the bottom. Straight out of the first, they are
    /// the free hand coming back near where it was, and no set: a hand that turned past what
    /// hands on a bar can (``Thresholds/maxTurn``, 30°) is free until the wearer stands still
    /// again (``SquatDetector/handLeftTheBar(_:)``; three counted without it). After 3 s
    /// standing, seen still once the 0.7 s mean of the acceleration has caught up with the
    /// band's turn back, they count as a set.
    @Test(arguments: [12.5, 100], [(0.0, 0), (3.0, 3)])
    func movementsStraightOutOfATurnTooFarAreNoSet(rateHz: Double, gap: (standing: Double, expected: Int)) {
        let period = 1.3, drop = 0.4, start = 3.0, degrees = Double.pi / 180
        let samples = Self.barSamples(rateHz: rateHz, seconds: start + 4 * period + gap.standing + 4) { t in
            var u = t - start
            guard u > 0 else { return (0, 0, 0) }
            let down = { (v: Double) in (1 - cos(2 * Double.pi * v / period)) / 2 }
            if u < period { return (0, -drop * down(u), 60 * degrees * down(u)) }
            u -= period + gap.standing
            guard u > 0, u < 3 * period else { return (0, 0, 0) }
            return (0, -drop * down(u), 15 * degrees * down(u))
        }
        let run = DetectorRun(profile: SquatProfile(placement: .wrist), samples: samples)
        #expect(run.reps.count == gap.expected, "reps at \(run.reps.map(\.end))")
    }

    /// A raised-cosine bump of height 1, `width` seconds wide, centred at `centre`, at `t`.
    static func bump(_ t: Double, at centre: Double, width: Double) -> Double {
        abs(t - centre) < width / 2 ? pow(cos(Double.pi * (t - centre) / width), 2) : 0
    }

    /// The vertical acceleration `v` seconds into a fast squat lasting `period` seconds (1.2 s
    /// at 1), m/s²: the push out of the bottom peaks at `push` over a third of the rep between
    /// a dip as the wearer sets off and one as the rise slows at the top (each 0.4 of the push,
    /// over 0.42 of the rep), so the acceleration averages zero over the rep. With `pause`
    /// seconds at the bottom the push comes that much later, after the braking into the
    /// bottom (the first half of the push, peaking at 0.8 of it) has settled.
    static func quickRep(_ v: Double, period: Double, push: Double, pause: Double = 0) -> Double {
        let scale = period / 1.2
        let setOff = -0.4 * push * bump(v, at: 0.22 * period, width: 0.5 * scale)
        guard pause > 0 else {
            return setOff + push * bump(v, at: 0.5 * period, width: 0.4 * scale)
                - 0.4 * push * bump(v, at: 0.8 * period, width: 0.5 * scale)
        }
        let braking = 0.8 * push * bump(v, at: 0.45 * period, width: 0.25 * scale)
        let rise = v - pause
        return setOff + braking + 0.8 * push * bump(rise, at: 0.55 * period, width: 0.25 * scale)
            - 0.4 * push * bump(rise, at: 0.8 * period, width: 0.5 * scale)
    }

    /// Reps of `periods` seconds each with `pause` seconds at the bottom, straight one after
    /// another from `start`, as ``quickRep(_:period:push:pause:)`` makes them, then standing.
    static func quickSet(_ periods: [Double], pause: Double = 0, push: Double = 13, start: Double = 2) -> (Double) -> Double {
        { t in
            var u = t - start
            guard u >= 0 else { return 0 }
            for p in periods {
                if u < p + pause { return quickRep(u, period: p, push: push, pause: pause) }
                u -= p + pause
            }
            return 0
        }
    }

    /// Three fast squats (1.2 s a rep, no pause at the top or the bottom), then standing
    /// (``quickRep(_:period:push:pause:)``). Between reps the slowing of one rep and the descent
    /// of the next make one trough, which the next rep rises from; the last rep's ascent ends in
    /// its own slowing alone, its fall back stops at 0.54–0.56 of its depth, short of the 0.6
    /// that completes a rep (``Thresholds/returnFraction``), and the set counted none. The wearer
    /// stopping at the top ends the rep (``SquatDetector/stoppedAtTheTop(_:t:)``), where its fall
    /// stopped, within the slowing at the top.
    @Test(arguments: [10.0, 12.5, 100])
    func aQuickSetsLastRepCountsWhenTheWearerStops(rateHz: Double) {
        let samples = Self.samples(rateHz: rateHz, seconds: 2 + 3 * 1.2 + 3, acceleration: Self.quickSet([1.2, 1.2, 1.2]))
        let run = DetectorRun(profile: SquatProfile(placement: .wrist), samples: samples)
        #expect(run.reps.count == 3, "reps at \(run.reps.map(\.end))")
        // The band filter delays the slowing at 2 + 3.6 s by about its time constant.
        #expect(run.reps.last.map { $0.end > 5.6 && $0.end < 6.4 } == true, "reps at \(run.reps.map(\.end))")
    }

    /// Seven fast squats on the wrist, no pause: three at 1.3 s a rep, then four at 1.0 s (this
    /// model of the push, ``quickRep(_:period:push:pause:)``, reads them as the simulator's
    /// 1.1–1.2 s reps read). From the start level to the return the quicker reps read under the
    /// wrist's 0.8 s (``Thresholds/minRepDuration``) and none counted; in the set the first
    /// three confirmed they take ``SquatDetector/shortestWristRep`` (0.7 s). Alone, the same
    /// quick reps still make no set.
    @Test(arguments: [12.5, 100])
    func quickRepsOfAConfirmedSetCount(rateHz: Double) {
        let periods = [1.3, 1.3, 1.3, 1.0, 1.0, 1.0, 1.0]
        let samples = Self.samples(rateHz: rateHz, seconds: 2 + periods.reduce(0, +) + 3, acceleration: Self.quickSet(periods))
        let run = DetectorRun(profile: SquatProfile(placement: .wrist), samples: samples)
        #expect(run.reps.count == periods.count, "reps at \(run.reps.map(\.end))")
        let quick = Array(repeating: 1.0, count: 4)
        let alone = DetectorRun(profile: SquatProfile(placement: .wrist),
                                samples: Self.samples(rateHz: rateHz, seconds: 2 + 4 + 3, acceleration: Self.quickSet(quick)))
        #expect(alone.reps.count == 0, "reps at \(alone.reps.map(\.end))")
    }

    /// Five fast squats on the wrist, no pause: two at 1.0 s a rep, then three at 1.3 s. The
    /// quick two read under the wrist's 0.8 s before a set is confirmed and counted none (3 in
    /// all); they lead into the set the three confirm, in its tempo
    /// (``SquatStateMachine/Candidate/leadsOnly``): all five count.
    @Test(arguments: [12.5, 100])
    func quickRepsLeadIntoASet(rateHz: Double) {
        let periods = [1.0, 1.0, 1.3, 1.3, 1.3]
        let samples = Self.samples(rateHz: rateHz, seconds: 2 + periods.reduce(0, +) + 3, acceleration: Self.quickSet(periods))
        let run = DetectorRun(profile: SquatProfile(placement: .wrist), samples: samples)
        #expect(run.reps.count == periods.count, "reps at \(run.reps.map(\.end))")
    }

    /// Six quick squats paused 1 s at the bottom, none at the top: the braking into the bottom
    /// settles during the pause before the push. The braking's fall is no stop at the top
    /// (``SquatDetector/stoppedAtTheTop(_:t:)``): each rep counts once.
    @Test(arguments: [10.0, 12.5, 100])
    func aQuickSetPausedAtTheBottomCountsEachRepOnce(rateHz: Double) {
        let periods = Array(repeating: 1.2, count: 6)
        let samples = Self.samples(rateHz: rateHz, seconds: 2 + 6 * 2.2 + 3, acceleration: Self.quickSet(periods, pause: 1))
        let run = DetectorRun(profile: SquatProfile(placement: .wrist), samples: samples)
        #expect(run.reps.count == periods.count, "reps at \(run.reps.map(\.end))")
    }

    /// Three fast squats, 2 s standing, then sitting down onto a bench as quickly as a rep goes
    /// down (a set-off dip 0.6 of the braking that follows it, and then rest). Its fall back
    /// from the braking stops as a quick set's last rep's does, more than half its depth and
    /// short of the 0.6 that completes a rep, but it set off long after the set's last rep ended,
    /// not straight out of it (``SquatDetector/straightOutOfLastRep``): the set counts three
    /// (four with no bound on when the movement set off). A sit-down whose set-off dip is
    /// under half its braking falls back far enough to complete as a rep and counts, as before.
    @Test(arguments: [10.0, 12.5, 100])
    func sittingDownAfterAQuickSetIsNoLastRep(rateHz: Double) {
        let set = Self.quickSet([1.2, 1.2, 1.2]), sitDown = 2 + 3 * 1.2 + 2
        let samples = Self.samples(rateHz: rateHz, seconds: sitDown + 8) { t in
            let v = t - sitDown
            return set(t) - 0.6 * 13 * Self.bump(v, at: 0.26, width: 0.5) + 13 * Self.bump(v, at: 0.6, width: 0.4)
        }
        let run = DetectorRun(profile: SquatProfile(placement: .wrist), samples: samples)
        #expect(run.reps.count == 3, "reps at \(run.reps.map(\.end))")
    }

    /// A band through six fast squats (1.2 s a rep, no pause), sampled at 10 Hz after a second
    /// standing: the push out of each bottom peaks at `push` m/s² (1–1.6 g, over 0.4 s) between a
    /// dip as the wearer sets off and one as the rise slows at the top (each 0.4 × `push`, over
    /// 0.5 s), so that the acceleration averages zero over each rep. |g| as the `bounce`
    /// signal's zero leaves out what lies further than 0.6 g from it
    /// (``SquatSignal/squatAccelerationLimit``: the pushes) and keeps the dips, and reads 1.1–2.3
    /// m/s² low by the end of the set. The gait check measures |a| against what the sensor reads
    /// at rest instead (``SquatSignal/magnitudeVertical``): 2 s after the set, the band at rest
    /// reads there (within 0.2 m/s²), where against the zero it read 1.0–2.0 m/s² above, as high
    /// as a footfall must rise (``GaitDetector/joltHeight``): a simulated fast set at 10 Hz took
    /// the slowing at the top of each rep for a footfall between two pushes, and the set for a walk.
    @Test(arguments: [10.0, 13.0, 16.0])
    func aBandAtRestAfterAFastSetReadsNoAcceleration(push: Double) {
        let settle = 1.0, secondsPerRep = 1.2, reps = 6
        var signal = SquatSignal(kind: .bounce, lowPassHz: 2.5)
        var atRest: [Double] = []
        for i in 0..<Int((settle + Double(reps) * secondsPerRep + 3) * 10) {
            let t = Double(i) / 10, u = t - settle
            var a = 0.0
            if u >= 0, u < Double(reps) * secondsPerRep {
                a = Self.quickRep(u.truncatingRemainder(dividingBy: secondsPerRep), period: secondsPerRep, push: push)
            }
            _ = signal.step(Vector3(0, 0, SquatSignalTests.g + a), dt: i == 0 ? 0 : 0.1, phase: .standing)
            if u > Double(reps) * secondsPerRep + 2 { atRest.append(signal.magnitudeVertical) }
        }
        #expect(!atRest.isEmpty && atRest.allSatisfy { abs($0) < 0.2 }, "\(atRest)")
    }
}
