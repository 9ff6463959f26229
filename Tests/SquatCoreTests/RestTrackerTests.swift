#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import SquatCore

/// ``RestTracker``: the sensor's rests, the change of height between two of them, and a lower
/// posture held long enough to be a seat.
@Suite struct RestTrackerTests {
    /// The sensor's |g| reading, m/s² (a miscalibrated sensor: heights scale with it).
    static let gravity = 12.0

    /// Half a cosine from 0 to 1 as `u` goes from 0 to 1 (0 before, 1 after).
    static func ease(_ u: Double) -> Double { (1 - cos(Double.pi * min(max(u, 0), 1))) / 2 }

    /// Whether the tracker calls the wearer seated at each sample, for hips at `height(t)`
    /// metres and a sensor turned `turn(t)` radians from where it points at rest, at `rateHz`.
    static func seated(rateHz: Double = 50, seconds: Double, height: (Double) -> Double,
                       turn: (Double) -> Double = { _ in 0 },
                       uprightSeatLean: Double = 0) -> [(t: Double, seated: Bool)] {
        track(rateHz: rateHz, seconds: seconds, height: height, turn: turn, uprightSeatLean: uprightSeatLean)
            .map { ($0.t, $0.seated) }
    }

    /// ``seated(rateHz:seconds:height:turn:uprightSeatLean:)``, with whether a movement that
    /// turned the sensor without travel ended at each sample (``RestTracker/turnedInPlace``,
    /// judged at ``SquatDetector/leastTravelPerDegree``).
    static func track(rateHz: Double = 50, seconds: Double, height: (Double) -> Double,
                      turn: (Double) -> Double = { _ in 0 },
                      uprightSeatLean: Double = 0) -> [(t: Double, seated: Bool, turnedInPlace: Bool)] {
        var tracker = RestTracker(seatedAfter: SquatDetector.maxHold, uprightSeatLean: uprightSeatLean,
                                  leastTravelPerDegree: SquatDetector.leastTravelPerDegree)
        let scale = gravity / 9.80665, h = 1e-4
        var out: [(t: Double, seated: Bool, turnedInPlace: Bool)] = []
        for i in 0...Int(seconds * rateHz) {
            let t = Double(i) / rateHz
            let a = (height(t + h) - 2 * height(t) + height(t - h)) / (h * h) * scale
            let angle = turn(t)
            let f = Vector3(0, sin(angle), cos(angle)) * (gravity + a)
            tracker.step(f, vertical: a, gravity: gravity, t: t, dt: i == 0 ? 0 : 1 / rateHz)
            out.append((t, tracker.isSeated, tracker.turnedInPlace))
        }
        return out
    }

    /// Sitting down (45 cm in 1.4 s, from 2 s) and staying there, shifting on the seat (the
    /// trunk swaying ±2° at 0.3 Hz): seated once still for ``SquatDetector/maxHold`` after the
    /// sit-down's last acceleration (3.4 s), not before; standing up (from 12 s) ends it.
    @Test(arguments: [12.5, 100])
    func aHeldSeatIsSeatedUntilStandingUp(rateHz: Double) {
        let run = Self.seated(rateHz: rateHz, seconds: 16, height: { t in
            -0.45 * (Self.ease((t - 2) / 1.4) - Self.ease((t - 12) / 1.3))
        }, turn: { t in t > 4 && t < 12 ? 2 * Double.pi / 180 * sin(2 * Double.pi * 0.3 * (t - 4)) : 0 })
        let seatedFrom = run.first { $0.seated }?.t
        #expect(seatedFrom.map { $0 > 3.3 + SquatDetector.maxHold && $0 < 3.4 + SquatDetector.maxHold + 0.2 } == true,
                "seated from \(String(describing: seatedFrom))")
        let seatedWhileShifting = run.filter { $0.t > 7 && $0.t < 12 }.allSatisfy { $0.seated }
        let seatedAfterStandingUp = run.filter { $0.t > 13.3 }.contains { $0.seated }
        #expect(seatedWhileShifting)
        #expect(!seatedAfterStandingUp)
    }

    /// A short seat (45 cm down in 1.4 s from 2 s, still until 5.8 s), then a lean forward that
    /// lowers the sensor 12 cm in 0.8 s and the stand-up (1.3 s): too short to be seated, but
    /// a lowered rest once still for ``RestTracker/minRest``, until ``RestTracker/settingOff``
    /// after the sensor left it; the standing rest after it is not lowered.
    @Test(arguments: [12.5, 100])
    func aShortSeatIsALoweredRestUntilSettingOff(rateHz: Double) {
        var tracker = RestTracker(seatedAfter: SquatDetector.maxHold)
        let scale = Self.gravity / 9.80665, h = 1e-4
        func height(_ t: Double) -> Double {
            -0.45 * Self.ease((t - 2) / 1.4) - 0.12 * Self.ease((t - 5.8) / 0.8) + 0.57 * Self.ease((t - 6.6) / 1.3)
        }
        var lowered: [(t: Double, lowered: Bool)] = []
        var everSeated = false
        for i in 0...Int(12 * rateHz) {
            let t = Double(i) / rateHz
            let a = (height(t + h) - 2 * height(t) + height(t - h)) / (h * h) * scale
            tracker.step(Vector3(0, 0, Self.gravity + a), vertical: a, gravity: Self.gravity, t: t, dt: i == 0 ? 0 : 1 / rateHz)
            lowered.append((t, tracker.isAtLoweredRest(at: t)))
            everSeated = everSeated || tracker.isSeated
        }
        let from = lowered.first { $0.lowered }?.t ?? .infinity
        let until = lowered.last { $0.lowered }?.t ?? -.infinity
        #expect(!everSeated)
        #expect(from > 3.4 + RestTracker.minRest && from < 5, "lowered from \(from)")
        #expect(until > 5.8 && until < 5.8 + RestTracker.settingOff + 0.2, "lowered until \(until)")
    }

    /// A fast, deep rep at 10 Hz (45 cm down in 0.5 s, 0.3 s at the bottom, up in 0.5 s:
    /// 0.9 g) whose |a| is off by its square over 2g, as much as a horizontal swing of the hips
    /// as large makes it (either way: here short), then standing still. Read through the `lift`
    /// signal as the detector reads it (|a| low-passed at 2.5 Hz, |g| learned over the first
    /// seconds), its change of height comes out tens of centimetres down; it is no change of
    /// posture, and
    /// the standing is no seat (seated 3 s on, before).
    @Test func aMovementHarderThanASquatChangesNoPosture() {
        var tracker = RestTracker(seatedAfter: SquatDetector.maxHold)
        var signal = SquatSignal(kind: .lift, lowPassHz: 2.5)
        let rateHz = 10.0, scale = Self.gravity / 9.80665, h = 1e-4
        func height(_ t: Double) -> Double { -0.45 * (Self.ease((t - 3) / 0.5) - Self.ease((t - 3.8) / 0.5)) }
        var everSeated = false
        for i in 0...Int(10 * rateHz) {
            let t = Double(i) / rateHz, dt = i == 0 ? 0 : 1 / rateHz
            let up = (height(t + h) - 2 * height(t) + height(t - h)) / (h * h)
            let read = (up - up * up / (2 * 9.80665)) * scale
            _ = signal.step(Vector3(0, 0, Self.gravity + read), dt: dt, phase: .standing)
            tracker.step(signal.filtered, vertical: signal.vertical, gravity: signal.gravity, t: t, dt: dt)
            everSeated = everSeated || tracker.isSeated
        }
        #expect(!everSeated)
    }

    /// Squats never read as a seat: 40 cm down and up, paused 2.5 s at the bottom (under
    /// ``SquatDetector/maxHold``), or slow (3 s down, 3 s up, moving at a nearly steady speed
    /// through the middle), with 2 s standing between reps.
    @Test(arguments: [(2.0, 2.5), (3.0, 0.0)], [12.5, 100])
    func squatsAreNoSeat(shape: (downAndUp: Double, pause: Double), rateHz: Double) {
        let period = 2 * shape.downAndUp + shape.pause + 2
        let run = Self.seated(rateHz: rateHz, seconds: 2 + 5 * period, height: { t in
            let u = t - 2
            guard u > 0 else { return 0 }
            let v = u.truncatingRemainder(dividingBy: period)
            return -0.4 * (Self.ease(v / shape.downAndUp) - Self.ease((v - shape.downAndUp - shape.pause) / shape.downAndUp))
        })
        let seatedAt = run.first { $0.seated }?.t
        #expect(seatedAt == nil, "seated at \(seatedAt ?? 0) s")
    }

    /// Slow squats paused at the bottom are no seat: 40 cm down in 3 s, 1 s still, 3 s up, 2 s
    /// standing between reps, the sensor turning 15° with the trunk, which leans early in the
    /// descent (as the square root of the depth). The movement never accelerates by
    /// ``RestTracker/accelerationTolerance`` (0.022 g at most), so the descent, the pause and the
    /// start of the rise are 3 s and more without acceleration: without
    /// ``RestTracker/leastPostureChangeAcceleration`` the pause is a seat (from 5.2–5.4 s).
    @Test(arguments: [12.5, 100])
    func slowPausedSquatsAreNoSeat(rateHz: Double) {
        let (down, pause, period) = (3.0, 1.0, 9.0)
        func depth(_ t: Double) -> Double {
            let v = (t - 2).truncatingRemainder(dividingBy: period)
            guard t > 2 else { return 0 }
            return Self.ease(v / down) - Self.ease((v - down - pause) / down)
        }
        let run = Self.seated(rateHz: rateHz, seconds: 2 + 4 * period, height: { -0.4 * depth($0) },
                              turn: { 15 * Double.pi / 180 * depth($0).squareRoot() })
        let seatedAt = run.first { $0.seated }?.t
        #expect(seatedAt == nil, "seated at \(seatedAt ?? 0) s")
    }

    /// Half squats lowered in 1.6 s and risen in 3 s (30 cm: 0.059 g down, 0.017 g up along
    /// half cosines), 0.3 s at the bottom, 2 s standing between reps: the descent is measurable
    /// (``RestTracker/leastPostureChangeAcceleration``), but the rise stays under
    /// ``RestTracker/accelerationTolerance``, so the rest at the bottom runs on through it and
    /// the stand after it. A descent gentler than a sit-down lowers no posture
    /// (``RestTracker/leastSitDownAcceleration``): without it, seated 3 s after the first bottom.
    /// The same 30 cm sat down in 1 s (0.12 g) and held is a seat.
    @Test(arguments: [(1.6, 3.0, false), (1.0, 0.0, true)], [12.5, 100])
    func aDescentGentlerThanASitDownIsNoSeat(shape: (down: Double, up: Double, seated: Bool), rateHz: Double) {
        let (pause, standing) = (0.3, 2.0)
        let period = shape.down + pause + shape.up + standing
        let run = Self.seated(rateHz: rateHz, seconds: 2 + 4 * period, height: { t in
            guard t > 2 else { return 0 }
            guard shape.up > 0 else { return -0.3 * Self.ease((t - 2) / shape.down) }
            let v = (t - 2).truncatingRemainder(dividingBy: period)
            return -0.3 * (Self.ease(v / shape.down) - Self.ease((v - shape.down - pause) / shape.up))
        })
        let seatedAt = run.first { $0.seated }?.t
        #expect((seatedAt != nil) == shape.seated, "seated at \(seatedAt ?? 0) s")
    }

    /// Going down 45 cm in 1.4 s (from 2 s), leaning 30° forward on the way and coming back
    /// to `leanAtRest` degrees, then still for 1.6 s before standing up: a short seat, still for
    /// less than ``SquatDetector/maxHold``. Upright (3°, a chest strap on a trunk sitting up) it
    /// is a seat as soon as it is a rest, with ``RestTracker/uprightSeatLean`` 15°; leaning 25°
    /// like the bottom of a paused squat it is not, nor is anything without the upright rule.
    @Test(arguments: [(3.0, 15.0, true), (25.0, 15.0, false), (3.0, 0.0, false)], [12.5, 100])
    func aShortRestLoweredUprightIsASeat(pose: (leanAtRest: Double, uprightSeatLean: Double, seated: Bool),
                                         rateHz: Double) {
        let degree = Double.pi / 180
        let run = Self.seated(rateHz: rateHz, seconds: 9, height: { t in
            -0.45 * (Self.ease((t - 2) / 1.4) - Self.ease((t - 6) / 1.3))
        }, turn: { t in
            let down = (t - 2) / 2.4, up = (t - 6) / 1.3
            let lean = down < 0.5 ? 30 * Self.ease(2 * down)
                : 30 + (pose.leanAtRest - 30) * Self.ease(2 * down - 1)
            return degree * lean * (1 - Self.ease(up))
        }, uprightSeatLean: pose.uprightSeatLean)
        let seatedWhileStill = run.contains { $0.t > 5 && $0.t < 6.2 && $0.seated }
        #expect(seatedWhileStill == pose.seated)
        let seatedAfterStandingUp = run.filter { $0.t > 7.5 }.contains { $0.seated }
        #expect(!seatedAfterStandingUp)
    }

    /// Going down 45 cm in 1.4 s (from 2 s), leaning 30° forward on the way and coming back to
    /// `leanAtRest` degrees, then still in height until 6 s, the trunk swaying ±3° at 0.8 Hz
    /// (6° within 0.6 s, as a simulated chest seat sways as it lands: seed 7 at 100 Hz), and
    /// standing up in 1.3 s. The sensor turns too much to rest (3.4° for 1 s), but its |a|
    /// stays at |g| from 3.4 s: upright (3°), the wearer sits on a swaying seat, seated and a
    /// lowered rest from a rest's second after the sit-down's last acceleration until the
    /// stand-up (``RestTracker/onSwayingSeat``); leaning 25°, like the bottom of a paused squat,
    /// it is neither.
    @Test(arguments: [(3.0, true), (25.0, false)], [12.5, 100])
    func anUprightSeatThatSwaysIsALoweredRest(pose: (leanAtRest: Double, lowered: Bool), rateHz: Double) {
        let degree = Double.pi / 180
        func height(_ t: Double) -> Double { -0.45 * (Self.ease((t - 2) / 1.4) - Self.ease((t - 6) / 1.3)) }
        func lean(_ t: Double) -> Double {
            let down = (t - 2) / 2.4, up = (t - 6) / 1.3
            let lean = down < 0.5 ? 30 * Self.ease(2 * down) : 30 + (pose.leanAtRest - 30) * Self.ease(2 * down - 1)
            let sway = t > 3.4 && t < 6 ? 3 * sin(2 * Double.pi * 0.8 * (t - 3.4)) : 0
            return degree * (lean + sway) * (1 - Self.ease(up))
        }
        var tracker = RestTracker(seatedAfter: SquatDetector.maxHold, uprightSeatLean: 15)
        let scale = Self.gravity / 9.80665, h = 1e-4
        var loweredAt: [Double] = [], seatedAt: [Double] = []
        var everResting = false
        for i in 0...Int(9 * rateHz) {
            let t = Double(i) / rateHz
            let a = (height(t + h) - 2 * height(t) + height(t - h)) / (h * h) * scale
            let f = Vector3(0, sin(lean(t)), cos(lean(t))) * (Self.gravity + a)
            tracker.step(f, vertical: a, gravity: Self.gravity, t: t, dt: i == 0 ? 0 : 1 / rateHz)
            if tracker.isAtLoweredRest(at: t) { loweredAt.append(t) }
            if tracker.isSeated { seatedAt.append(t) }
            everResting = everResting || (t > 3 && t < 6 && tracker.resting)
        }
        #expect(!everResting)
        if pose.lowered {
            let from = loweredAt.first ?? .infinity, until = loweredAt.last ?? -.infinity
            #expect(from > 3.4 + RestTracker.minRest - 0.3 && from < 3.4 + RestTracker.minRest + 0.5, "lowered from \(from)")
            #expect(until > 6 && until < 6 + RestTracker.settingOff + 0.2, "lowered until \(until)")
            #expect(seatedAt.first == from, "seated from \(String(describing: seatedAt.first))")
            #expect(!seatedAt.contains { $0 > 8.5 }, "seated until \(String(describing: seatedAt.last))")
        } else {
            #expect(loweredAt.isEmpty, "lowered at \(loweredAt.prefix(3))")
            #expect(seatedAt.isEmpty, "seated at \(seatedAt.prefix(3))")
        }
    }

    /// Sitting down as in ``anUprightSeatThatSwaysIsALoweredRest(pose:rateHz:)`` (upright),
    /// the trunk swaying ±3° for 3 s and then still until the stand-up at 9 s, on a sensor whose
    /// |a| reads 0.3 m/s² short while the trunk sways (a scale error turning with it, within
    /// ``RestTracker/accelerationTolerance``). Measured from standing to the rest (from 6.4 s),
    /// that error puts the seat no lower than standing; it is the swaying seat come to rest,
    /// 45 cm lower as measured to the sit-down's last acceleration, and stays seated until the
    /// stand-up.
    @Test(arguments: [12.5, 100])
    func aSwayingSeatThatComesToRestStaysASeat(rateHz: Double) {
        let degree = Double.pi / 180, (swayUntil, standUp) = (6.4, 9.0)
        func height(_ t: Double) -> Double { -0.45 * (Self.ease((t - 2) / 1.4) - Self.ease((t - standUp) / 1.3)) }
        func lean(_ t: Double) -> Double {
            let down = (t - 2) / 2.4
            let lean = down < 0.5 ? 30 * Self.ease(2 * down) : 30 - 27 * Self.ease(2 * down - 1)
            let sway = t > 3.4 && t < swayUntil ? 3 * sin(2 * Double.pi * 0.8 * (t - 3.4)) : 0
            return degree * (lean + sway) * (1 - Self.ease((t - standUp) / 1.3))
        }
        var tracker = RestTracker(seatedAfter: SquatDetector.maxHold, uprightSeatLean: 15)
        let scale = Self.gravity / 9.80665, h = 1e-4
        var seatedAt: [Double] = []
        var restedSeated = false
        for i in 0...Int((standUp + 3) * rateHz) {
            let t = Double(i) / rateHz
            let a = (height(t + h) - 2 * height(t) + height(t - h)) / (h * h) * scale
            let error = t > 3.4 && t < swayUntil ? -0.3 : 0
            let f = Vector3(0, sin(lean(t)), cos(lean(t))) * (Self.gravity + a + error)
            tracker.step(f, vertical: a + error, gravity: Self.gravity, t: t, dt: i == 0 ? 0 : 1 / rateHz)
            if tracker.isSeated { seatedAt.append(t) }
            restedSeated = restedSeated || (tracker.resting && tracker.isSeated && t > swayUntil && t < standUp)
        }
        #expect(restedSeated)
        #expect(seatedAt.first.map { $0 > 4.2 && $0 < 4.6 } == true, "seated from \(String(describing: seatedAt.first))")
        let gaps = zip(seatedAt, seatedAt.dropFirst()).filter { $1 - $0 > 0.2 }
        #expect(gaps.isEmpty, "unseated between \(gaps)")
        #expect(seatedAt.last.map { $0 > standUp && $0 < standUp + 2.5 } == true, "seated until \(String(describing: seatedAt.last))")
    }

    /// Sitting down upright onto a swaying seat as in
    /// ``anUprightSeatThatSwaysIsALoweredRest(pose:rateHz:)``, on a sensor whose |a| reads
    /// 0.2 m/s² long throughout (a bias within ``RestTracker/accelerationTolerance``): what the
    /// sensor travelled since the standing rest, integrated without the bias taken out (which
    /// only the next rest can do), climbs 8 cm above standing a fraction of a second into the
    /// seat (the bias alone: 0.2 m/s² over 2.6 s, 55 cm), but the wearer has not moved: seated
    /// until the stand-up accelerates.
    @Test(arguments: [12.5, 100])
    func aSwayingSeatLastsUntilTheStandUp(rateHz: Double) {
        let degree = Double.pi / 180
        func height(_ t: Double) -> Double { -0.45 * (Self.ease((t - 2) / 1.4) - Self.ease((t - 7) / 1.3)) }
        func lean(_ t: Double) -> Double {
            let down = (t - 2) / 2.4
            let lean = down < 0.5 ? 30 * Self.ease(2 * down) : 30 - 27 * Self.ease(2 * down - 1)
            let sway = t > 3.4 && t < 7 ? 3 * sin(2 * Double.pi * 0.8 * (t - 3.4)) : 0
            return degree * (lean + sway) * (1 - Self.ease((t - 7) / 1.3))
        }
        var tracker = RestTracker(seatedAfter: SquatDetector.maxHold, uprightSeatLean: 15)
        let scale = Self.gravity / 9.80665, h = 1e-4, bias = 0.2
        var seatedAt: [Double] = []
        for i in 0...Int(10 * rateHz) {
            let t = Double(i) / rateHz
            let a = (height(t + h) - 2 * height(t) + height(t - h)) / (h * h) * scale
            let f = Vector3(0, sin(lean(t)), cos(lean(t))) * (Self.gravity + a + bias)
            tracker.step(f, vertical: a + bias, gravity: Self.gravity, t: t, dt: i == 0 ? 0 : 1 / rateHz)
            if tracker.isSeated { seatedAt.append(t) }
        }
        let from = seatedAt.first ?? .infinity
        #expect(from > 4.2 && from < 4.6, "seated from \(from)")
        let seatedUntilStandingUp = stride(from: from, to: 7, by: 0.1).allSatisfy { t in seatedAt.contains { abs($0 - t) < 0.1 } }
        #expect(seatedUntilStandingUp, "seated \(seatedAt.first ?? 0)–\(seatedAt.last ?? 0), \(seatedAt.count) samples")
    }

    /// Down 45 cm and back up 30 cm in one movement, coming to rest upright 15 cm lower for
    /// 1.6 s: a squat between two rests at the top whose rise the height estimate reads short,
    /// not a sit-down (which goes one way, ``RestTracker/oneWayFraction``), so it is no seat at
    /// once, upright or not; 45 cm straight down is.
    @Test(arguments: [(0.30, false), (0.0, true)])
    func anUprightSeatIsReachedOneWay(riseBack: Double, seated: Bool) {
        let run = Self.seated(seconds: 9, height: { t in
            -0.45 * Self.ease((t - 2) / 1.4) + riseBack * Self.ease((t - 3.4) / 1.2)
                + (0.45 - riseBack) * Self.ease((t - 6.2) / 1.3)
        }, uprightSeatLean: 15)
        let seatedWhileStill = run.contains { $0.t > 5 && $0.t < 6.2 && $0.seated }
        #expect(seatedWhileStill == seated)
    }

    /// Rising `rise` metres, then going down 45 cm further than that in one movement, and coming
    /// to rest upright 45 cm lower than the rest before: rising 30 cm first, it left a lower
    /// posture (the bottom of a squat paused there, its ascent running into the next rep's
    /// descent down to its paused bottom), so the rest before is no standing posture for the
    /// trunk's lean to be judged from, and it is no seat at once; a sit-down goes down only, and
    /// 10 cm of rise read first (|a|'s errors integrated) still lets it be one.
    @Test(arguments: [(0.30, false), (0.10, true)])
    func anUprightSeatNeverRoseFirst(rise: Double, seated: Bool) {
        let run = Self.seated(seconds: 7, height: { t in
            rise * Self.ease((t - 2) / 1.0) - (rise + 0.45) * Self.ease((t - 3) / 1.4)
        }, uprightSeatLean: 15)
        let seatedWhileStill = run.contains { $0.t > 4.4 && $0.t < 7 && $0.seated }
        #expect(seatedWhileStill == seated)
    }

    /// Ending 45 cm lower after 8 s of bobbing up and down (10 cm at 1 Hz, never at rest) is
    /// no seat: a movement longer than ``RestTracker/longestPostureChange`` sets no level, since
    /// its double integral drifts with the square of its duration. The same drop in one 1.5 s
    /// movement is.
    @Test(arguments: [(1.5, 0.0, true), (8.0, 0.1, false)])
    func onlyOneMovementChangesThePosture(seconds: Double, bob: Double, seated: Bool) {
        let run = Self.seated(seconds: 2 + seconds + 6, height: { t in
            let u = t - 2
            let bobbing = u > 0 && u < seconds ? bob * pow(sin(Double.pi * u), 2) : 0
            return -0.45 * Self.ease(u / seconds) + bobbing
        })
        let seatedAtEnd = run.last?.seated
        #expect(seatedAtEnd == seated)
    }

    /// Bending over to pick something up, pausing bent and straightening up: the hips 15 cm
    /// down in 1.2 s while the sensor turns 45° with the pelvis, 1.5 s still there, back up in
    /// 1.2 s, then 3 s standing. Each rest ends a movement of 15 cm for 45° (0.33 cm per degree):
    /// the bent one and the standing one after it both turned in place. A squat paused at the
    /// bottom (40 cm down with 20° of pelvis, 1.5 s still, 2 s standing between reps) never
    /// does: 2 cm per degree down, and back to the posture it left.
    @Test(arguments: [(0.15, 45.0, 2), (0.40, 20.0, 0)], [12.5, 100])
    func aBendPausedAtTheBottomTurnedInPlace(movement: (drop: Double, turnDegrees: Double, perBend: Int), rateHz: Double) {
        let (down, hold, up, standing) = (1.2, 1.5, 1.2, 3.0)
        let period = down + hold + up + standing
        func bent(_ t: Double) -> Double {
            let v = (t - 2).truncatingRemainder(dividingBy: period)
            return t < 2 ? 0 : Self.ease(v / down) - Self.ease((v - down - hold) / up)
        }
        let bends = 3
        let run = Self.track(rateHz: rateHz, seconds: 2 + Double(bends) * period, height: { -movement.drop * bent($0) },
                             turn: { movement.turnDegrees * Double.pi / 180 * bent($0) })
        let turnedAt = run.filter { $0.turnedInPlace }.map { $0.t }
        #expect(turnedAt.count == bends * movement.perBend, "turned in place at \(turnedAt)")
    }
}
