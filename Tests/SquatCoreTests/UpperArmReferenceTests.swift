#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import SquatCore

/// An upper-arm sensor whose standing reference, learned as the stream began, is not the posture
/// the arm hangs in between reps (``SquatSignal/rereferenceToCameBack()``).
@Suite struct UpperArmReferenceTests {
    /// An app-paced set as in a real one (Exermote 2017-03-30 18-50-49, set 2): the phone is
    /// held part-raised as the recording starts (35° forward, 15° out), and within 3 s the arm
    /// hangs; then eight reps, one every 3.3 s, the arm rising to 90° forward in 1.1 s as the
    /// shoulder goes 30 cm down, back in 1.1 s, and 1.1 s hanging still between. From the posture
    /// learned first, hanging reads 37°, and each rep's arm passes within 15° of it on its way
    /// forward and reads 47° at the bottom (after the low-pass): humps, dips and peaks that are
    /// never a rep apart, and nothing counts without the rule. Once an arm has turned a rep's
    /// depth away from where it hung after a bottom that read 45°, every rep is read from there
    /// (85°). The first, read from the posture learned first, counts too: its ascent turns back
    /// up as a quick set's rep does, and ends there (``SquatStateMachine/turnedAsAFilteredRep(t:)``;
    /// at 10 Hz only since its rise is timed from where it left the bottom, not from its
    /// highest sample: 7 counted before).
    @Test(arguments: [(10.0, 8), (100, 8)])
    func aSetWhoseArmHangsFarFromThePostureLearnedFirstCounts(rateHz: Double, counted: Int) {
        let deg = Double.pi / 180, first = 4.0, cycle = 3.3
        func settle(_ t: Double) -> Double { t < 2 ? 1 : ArmGestureTests.hump(t, start: 1.2, up: 0.8, hold: 0, down: 0.8) }
        func rep(_ t: Double) -> Double {
            ArmGestureTests.cycleStart(t, first: first, cycle: cycle, count: 8)
                .map { ArmGestureTests.hump(t, start: $0, up: 1.1, hold: 0, down: 1.1) } ?? 0
        }
        let samples = UpperArmReferenceTests.samples(
            rateHz: rateHz, seconds: first + 8 * cycle + 3, radius: ArmGestureTests.radius,
            drop: { 0.3 * rep($0) }, forward: { 35 * deg * settle($0) + 90 * deg * rep($0) }, aside: { 15 * deg * settle($0) })
        let run = DetectorRun(profile: SquatProfile(placement: .upperArm), samples: samples)
        #expect(run.reps.count == counted, "reps at \(run.reps.map(\.start))")
    }

    /// A set that goes straight from one rep into the next: the arm hangs still, then rises to
    /// 90° forward in 1.5 s as the shoulder goes 30 cm down, and from then on comes back only to
    /// 30° before the next rep takes it to 90° again (1.5 s each way), six reps, before it hangs
    /// again. The first rep's descent starts from hanging, the others from 30°, which becomes the
    /// reference (``SquatDetector/misplacedReferenceFraction``): read from there, the first rep's
    /// bottom is 60° like the others', not the 90° it read from hanging, and all six count (five
    /// when the set's depths are not read again from the new reference).
    @Test(arguments: [10.0, 100])
    func theFirstRepOfASetWithoutPausesIsReadAgainFromTheNewReference(rateHz: Double) {
        let deg = Double.pi / 180, first = 4.0, half = 1.5
        func angle(_ t: Double) -> Double {
            let u = t - first
            guard u > 0, u < 12 * half else { return 0 }
            let n = Int(u / half), x = u / half - Double(n), rising = (1 - cos(Double.pi * x)) / 2
            let low = n == 0 ? 0 : 30 * deg, high = 90 * deg, end = n == 11 ? 0 : 30 * deg
            return n % 2 == 0 ? low + (high - low) * rising : high - (high - end) * rising
        }
        let samples = armSwingSamples(rateHz: rateHz, seconds: first + 12 * half + 3, radius: ArmGestureTests.radius,
                                      drop: { 0.3 * (angle($0) / (90 * deg)) }, angle: angle)
        let run = DetectorRun(profile: SquatProfile(placement: .upperArm), samples: samples)
        #expect(run.reps.count == 6, "reps at \(run.reps.map(\.start))")
    }

    /// A fast set without a pause at the top: eight reps straight one into the next, the
    /// thigh turning to 90° and back as half a cosine, the shoulder 40 cm down with the hips
    /// (1 − cos of the thigh's angle) and the arm rising 60–80° for balance as the hips go back
    /// (fully once the thigh has turned 65°). The 1 Hz tilt turns back up 20° or more short of
    /// hanging between reps, and every rep after the first reads under 45° from where it
    /// turned; at 1.4 s per rep the lagging tilt also times each rep under the upper arm's 1 s
    /// minimum. None counted without ``SquatDetector/followQuietTurn``; where |a| is near |g|
    /// at the top the arm is read nearer hanging, the rep timed from there, and all eight count.
    /// At 1.2 s per rep, the arm rising 60°, the quasi-static moments near hanging lie within a
    /// degree or two of each other over a few tenths of a second, the furthest of them late, and
    /// timed from it the reps read under the 1 s minimum (0 and 3 of 8 counted at 100 and 25 Hz);
    /// timed from where the arm turned, ``SquatDetector``'s `filterDelay` before the tilt's
    /// trough, all eight count.
    @Test(arguments: [(10.0, 60.0, 1.6), (100, 80, 1.6), (10, 80, 1.4), (25, 70, 1.4), (1000, 70, 1.4),
                      (25, 60, 1.2), (100, 60, 1.2), (200, 60, 1.2)])
    func aFastSetWithoutPausesAtTheTopCounts(rateHz: Double, swingDegrees: Double, period: Double) {
        let run = UpperArmReferenceTests.fastSet(rateHz: rateHz, swingDegrees: swingDegrees, period: period)
        #expect(run.reps.count == 8, "reps at \(run.reps.map(\.start))")
    }

    /// Eight reps of the fast set of ``aFastSetWithoutPausesAtTheTopCounts(rateHz:swingDegrees:period:)``
    /// after 3 s standing, through the upper arm's detector.
    static func fastSet(rateHz: Double, swingDegrees: Double, period: Double) -> DetectorRun {
        let deg = Double.pi / 180, first = 3.0, reps = 8.0
        func thigh(_ t: Double) -> Double {
            let u = t - first
            guard u > 0, u < reps * period else { return 0 }
            return 90 * deg * (1 - cos(2 * Double.pi * u / period)) / 2
        }
        let samples = armSwingSamples(
            rateHz: rateHz, seconds: first + reps * period + 3, radius: ArmGestureTests.radius,
            drop: { 0.4 * (1 - cos(thigh($0))) },
            angle: { swingDegrees * deg * (1 - cos(Double.pi * min(1, thigh($0) / (65 * deg)))) / 2 })
        return DetectorRun(profile: SquatProfile(placement: .upperArm), samples: samples)
    }

    /// A quick set without a pause at the top, 1.2 s a rep, the thigh to 75° and the arm rising
    /// 55° for balance: the 1 Hz tilt swings only 24–27° between its turns, short of the
    /// 27–28° that 45° scaled by the filter's gain at the rep's duration asks, and the set was
    /// one movement: none counted.
    /// Where |a| was near |g| on the arm's way back, the arm reads 5–10° nearer hanging than the
    /// filtered tilt's turn, and the rep that ends at the turn is judged from there
    /// (``SquatStateMachine/turnLow``). The second rep sets off from that turn, seen once the
    /// tilt has risen a start level from it: timed from there it read 0.75 s, under the upper
    /// arm's 1 s minimum, and spaced at their ends its count came 0.75 s after the first's, under
    /// the 1 s between counts (7 of 8 counted). Timed from where the arm turned, the filter's
    /// delay before the tilt's trough (``SquatDetector``'s `followQuietTurn`), it reads 1.42 s,
    /// and spaced from the first at their bottoms, 1.16 s apart (``RepGate/Spacing/endsOrBottoms``):
    /// all 8 count (7 with either rule alone).
    @Test(arguments: [25.0, 100])
    func aQuickSetsRepEndsWhereTheArmCameBackAsItsQuietPostureShows(rateHz: Double) {
        let run = UpperArmReferenceTests.quickSet(rateHz: rateHz, swingDegrees: 55, period: 1.2, bottomPause: 0, depthDegrees: 75)
        #expect(run.reps.count == 8, "reps at \(run.reps.map(\.start))")
    }

    /// The quick set of ``aQuickSetsRepEndsWhereTheArmCameBackAsItsQuietPostureShows(rateHz:)``
    /// with the thigh to 100° and a pause of 1 s at the bottom (2.2 s a rep): the arm is held
    /// raised through the pause and swings down to hanging and back up in the 1.2 s between,
    /// which the 1 Hz tilt attenuates as a swing of 1.2 s, not 2.2 s. Judged at the whole
    /// movement's length, the turn came past the two quickest reps (2.4 s) and fell short of
    /// completing: 3 of 8 counted. Timed by twice its rise from the bottom
    /// (``SquatStateMachine/quickRepDuration(start:bottom:t:)``), all 8 count.
    @Test func aQuickSetPausedAtTheBottomIsTimedWithoutItsPause() {
        let run = UpperArmReferenceTests.quickSet(rateHz: 25, swingDegrees: 55, period: 1.2, bottomPause: 1, depthDegrees: 100)
        #expect(run.reps.count == 8, "reps at \(run.reps.map(\.start))")
    }

    /// A quick set paused at the bottom as a flung arm makes it: after 3 s hanging still (where
    /// the reference is learned), eight reps, the arm flung up `swingDegrees` in 0.4 s as the
    /// shoulder goes 30 cm down, held there `hold` seconds, and swung down in 0.4 s and straight
    /// back up into the next rep. The 1 Hz tilt turns back up short of hanging between reps,
    /// and the descent after a rep that came back to standing set off more than half a rep
    /// (``SquatDetector/misplacedReferenceFraction``) from the reference:
    /// read as a misplaced reference, it became the reference, and every rep after it read a
    /// part of its swing (0 and 3 of 8 counted). Set off before the filter settled after the
    /// rep before, it is the filter's lag (``SquatDetector``'s `readsTheFiltersLagAsAPosture`):
    /// the reference stays where the arm hung, and all eight count.
    @Test(arguments: [(12.5, 70.0, 1.6), (25, 75, 1.4)])
    func aQuickSetsLaggingTurnIsNoMisplacedReference(rateHz: Double, swingDegrees: Double, hold: Double) {
        let deg = Double.pi / 180, first = 3.0, reps = 8.0, move = 0.4, cycle = 2 * move + hold
        func arm(_ t: Double) -> Double {
            let u = t - first
            guard u > 0, u < reps * cycle else { return 0 }
            let x = u - (u / cycle).rounded(.down) * cycle
            if x < move { return (1 - cos(Double.pi * x / move)) / 2 }
            if x < move + hold { return 1 }
            return (1 + cos(Double.pi * (x - move - hold) / move)) / 2
        }
        let samples = armSwingSamples(rateHz: rateHz, seconds: first + reps * cycle + 3, radius: ArmGestureTests.radius,
                                      drop: { 0.3 * arm($0) }, angle: { swingDegrees * deg * arm($0) })
        let run = DetectorRun(profile: SquatProfile(placement: .upperArm), samples: samples)
        #expect(run.reps.count == 8, "reps at \(run.reps.map(\.start))")
    }

    /// A fast set at 1.4 s a rep whose arm rebounds off hanging: the arm swings `swingDegrees`
    /// forward and back as |sin| of the rep's phase (straight down into hanging and straight
    /// back up, a sharp turn), the thigh to 90° with it and the shoulder 40 cm down. The moments
    /// where |a| is near |g| come on the arm's way down, where it still swings, and none lies
    /// further from the bottom than the tilt's trough: no quasi-static turn times the rep, and
    /// timed from where the lagging tilt crosses the start level the reps read under the upper
    /// arm's 1 s minimum (0 and 4 of 8 counted). Timed from the tilt's trough (``SquatDetector``'s
    /// `armTurn`), whose lag the rep's end shares, all eight count.
    ///
    /// At 1.2 s a rep the same reps read 0.95–0.96 s from the tilt's trough to their count,
    /// under the minimum again (none of 8 counted), though the arm took 1.2 s from its turn:
    /// the trough is the filtered tilt turning, 0.24 s after the arm did. Timed from the trough
    /// less the filter's delay (``SquatDetector``'s `filterDelay`, 0.32 s), all eight count.
    @Test(arguments: [(12.5, 70.0, 1.4), (50, 80, 1.4), (200, 70, 1.4), (12.5, 70, 1.2), (25, 80, 1.2), (100, 70, 1.2)])
    func aFastSetsRepIsTimedFromTheTiltsTroughWhereNoQuietTurnShows(rateHz: Double, swingDegrees: Double, period: Double) {
        let deg = Double.pi / 180, first = 3.0, reps = 8.0
        func phase(_ t: Double) -> Double {
            let u = t - first
            guard u > 0, u < reps * period else { return 0 }
            return abs(sin(Double.pi * u / period))
        }
        let samples = armSwingSamples(rateHz: rateHz, seconds: first + reps * period + 3, radius: ArmGestureTests.radius,
                                      drop: { 0.4 * (1 - cos(90 * deg * phase($0))) }, angle: { swingDegrees * deg * phase($0) })
        let run = DetectorRun(profile: SquatProfile(placement: .upperArm), samples: samples)
        #expect(run.reps.count == 8, "reps at \(run.reps.map(\.start))")
    }

    /// Eight quick reps at 12.5 Hz (the thigh to 90° and back as a cosine in `period` seconds,
    /// the arm rising 60° for balance, then 0.2 s standing), the last one shallower for the arm
    /// (50°). Its tilt rises slowly out of the rep before's lagging return and crosses the start
    /// level past the 1 Hz filter's settling time after that rep completed, though the tilt turned
    /// back up within it: timed from the crossing it read under the upper arm's 1 s minimum, and
    /// 7 counted. Timed from the tilt's trough less the filter's delay, as a movement that set off
    /// sooner is (``SquatDetector``'s `turnedWhileTheFilterLagged`), all eight count.
    @Test(arguments: [1.3, 1.4])
    func aRepSetOffLateFromALaggingTurnIsTimedFromTheTurn(period: Double) {
        let deg = Double.pi / 180, first = 3.0, reps = 8.0, top = 0.2, cycle = period + top
        func thigh(_ t: Double) -> (angle: Double, rep: Double) {
            let u = t - first
            guard u > 0, u < reps * cycle else { return (0, 0) }
            let rep = (u / cycle).rounded(.down), x = u - rep * cycle
            guard x < period else { return (0, rep) }
            return (90 * deg * (1 - cos(2 * Double.pi * x / period)) / 2, rep)
        }
        func arm(_ t: Double) -> Double {
            let (theta, rep) = thigh(t)
            let swing = rep == reps - 1 ? 50.0 : 60
            return swing * deg * (1 - cos(Double.pi * min(1, theta / (65 * deg)))) / 2
        }
        let samples = armSwingSamples(rateHz: 12.5, seconds: first + reps * cycle + 3, radius: ArmGestureTests.radius,
                                      drop: { 0.4 * (1 - cos(thigh($0).angle)) }, angle: arm)
        let run = DetectorRun(profile: SquatProfile(placement: .upperArm), samples: samples)
        #expect(run.reps.count == 8, "reps at \(run.reps.map(\.start))")
    }

    /// Eight reps after 3 s standing through the upper arm's detector: the thigh turns to
    /// `depthDegrees` in half a `period` as half a cosine, holds there `bottomPause` seconds and
    /// comes back in another half, straight into the next rep; the shoulder goes down with the
    /// hips (40 cm · (1 − cos of the thigh's angle)) and the arm rises `swingDegrees` for
    /// balance as the hips go back (fully once the thigh has turned 65°).
    static func quickSet(rateHz: Double, swingDegrees: Double, period: Double, bottomPause: Double,
                         depthDegrees: Double) -> DetectorRun {
        let deg = Double.pi / 180, first = 3.0, reps = 8.0, cycle = period + bottomPause, half = period / 2
        func thigh(_ t: Double) -> Double {
            let u = t - first
            guard u > 0, u < reps * cycle else { return 0 }
            let x = u - (u / cycle).rounded(.down) * cycle
            if x < half { return depthDegrees * deg * (1 - cos(Double.pi * x / half)) / 2 }
            if x < half + bottomPause { return depthDegrees * deg }
            return depthDegrees * deg * (1 + cos(Double.pi * (x - half - bottomPause) / half)) / 2
        }
        let samples = armSwingSamples(
            rateHz: rateHz, seconds: first + reps * cycle + 3, radius: ArmGestureTests.radius,
            drop: { 0.4 * (1 - cos(thigh($0))) },
            angle: { swingDegrees * deg * (1 - cos(Double.pi * min(1, thigh($0) / (65 * deg)))) / 2 })
        return DetectorRun(profile: SquatProfile(placement: .upperArm), samples: samples)
    }

    /// The fast set of ``aFastSetWithoutPausesAtTheTopCounts(rateHz:swingDegrees:period:)``
    /// faster, 1.25–1.3 s per rep, the arm rising 60°: the 1 Hz low-pass passes a swing of that
    /// period at 0.61–0.63 of its size (``SquatStateMachine/filterGain(period:)``), and reps
    /// read from where the arm came back to rise less than the upper arm's 45°. Each is judged
    /// against 45° scaled by the filter's gain at the period from the rep before it
    /// (``SquatStateMachine/leastDepthOfMovement(lasting:)``): 3–6 counted without the rule.
    /// The second rep rises from where the first one's ascent turned, which never fell back
    /// the 60 % that completes it (the first rep started from standing): the first ends at that
    /// turn, and the second's count, as it falls back, came under the upper arm's 1 s after
    /// the first's (7 of 8 counted). Spaced from it at their bottoms, a rep period apart, where
    /// their ends are not (``RepGate/Spacing/endsOrBottoms``), all 8 count.
    @Test(arguments: [(12.5, 1.3), (25, 1.25), (25, 1.3), (100, 1.25)])
    func aSetAtTheFastestTempoCounts(rateHz: Double, period: Double) {
        let run = UpperArmReferenceTests.fastSet(rateHz: rateHz, swingDegrees: 60, period: period)
        #expect(run.reps.count == 8, "reps at \(run.reps.map(\.start))")
    }

    /// The fast set of ``aFastSetWithoutPausesAtTheTopCounts(rateHz:swingDegrees:period:)`` at
    /// 10 Hz (1.6 s per rep, the arm rising 70°), with the samples of 0.3 s lost `offset`
    /// seconds into the fifth rep (those either side 0.4 s apart): the detector bridges them
    /// (``SquatDetector/lostSamplesSpacing``), as for `lift`, since the arm's height is
    /// integrated twice too (``SquatDetector/wasRaisedAndHeld(_:)``), and all eight count.
    /// Fed as it came, the sample after the gap stood for the whole gap, and at four of these
    /// six places the set lost one to four reps. (Within 0.2 s of the top, where the arm turns
    /// from one rep into the next, the set still loses reps either way.)
    @Test(arguments: [0.2, 0.4, 0.6, 0.8, 1.0, 1.2])
    func aDropoutInAFastSetIsBridged(offset: Double) {
        let gap = 0.3
        let deg = Double.pi / 180, first = 3.0, reps = 8.0, period = 1.6, rateHz = 10.0
        func thigh(_ t: Double) -> Double {
            let u = t - first
            guard u > 0, u < reps * period else { return 0 }
            return 90 * deg * (1 - cos(2 * Double.pi * u / period)) / 2
        }
        let gapStart = first + 4 * period + offset
        let samples = armSwingSamples(
            rateHz: rateHz, seconds: first + reps * period + 3, radius: ArmGestureTests.radius,
            drop: { 0.4 * (1 - cos(thigh($0))) },
            angle: { 70 * deg * (1 - cos(Double.pi * min(1, thigh($0) / (65 * deg)))) / 2 })
            .filter { $0.t < gapStart || $0.t > gapStart + gap }
        let run = DetectorRun(profile: SquatProfile(placement: .upperArm), samples: samples)
        #expect(run.reps.count == 8, "reps at \(run.reps.map(\.start))")
    }

    /// What a sensor `radius` metres out along an arm reads when the shoulder is `drop(t)` metres
    /// below where it stood and the arm is turned `forward(t)` radians forward from hanging and
    /// then `aside(t)` radians out to the side: the second derivative of its position plus g (+g
    /// up at rest), in a frame that turns with the arm.
    static func samples(rateHz: Double, seconds: Double, radius: Double, drop: (Double) -> Double,
                        forward: (Double) -> Double, aside: (Double) -> Double) -> [Sample] {
        let g = 9.81, h = 1e-3
        /// The arm's turn, as the columns of a rotation matrix: a pitch forward, then a roll aside.
        func frame(_ t: Double) -> (Vector3, Vector3, Vector3) {
            let (p, r) = (forward(t), aside(t))
            return (Vector3(cos(p), 0, -sin(p)),
                    Vector3(sin(p) * sin(r), cos(r), cos(p) * sin(r)),
                    Vector3(sin(p) * cos(r), -sin(r), cos(p) * cos(r)))
        }
        func position(_ t: Double) -> Vector3 {
            let (_, _, up) = frame(t)
            return Vector3(0, 0, -drop(t)) - up * radius
        }
        return (0...Int(seconds * rateHz)).map { i in
            let t = Double(i) / rateHz
            let (p0, p1, p2) = (position(t - h), position(t), position(t + h))
            let f = (p2 - p1 * 2 + p0) * (1 / (h * h)) + Vector3(0, 0, g)
            let (x, y, z) = frame(t)
            return Sample(t: t, x: f.dot(x), y: f.dot(y), z: f.dot(z))
        }
    }
}
