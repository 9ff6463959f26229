#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import SquatCore

/// The `lift` signal (waist, head, chest, hand) on hip heights from a two-segment leg.
@Suite struct LiftTests {
    static let g = 9.81
    /// Thigh and shank, metres; the shank tilts by this fraction of the thigh's angle.
    static let thigh = 0.45, shank = 0.45, shankRatio = 0.45

    /// Height of the hips relative to standing, metres, with the thigh `theta` radians from vertical.
    static func height(thighAngle theta: Double) -> Double {
        -thigh * (1 - cos(theta)) - shank * (1 - cos(shankRatio * theta))
    }

    /// A waist sensor, mounted tilted and reading |g| as 12 m/s², while the hips follow
    /// `height(t)` (metres): gravity plus the second derivative of the height, sampled at `rateHz`.
    static func samples(rateHz: Double, seconds: Double, height: (Double) -> Double) -> [Sample] {
        let scale = 12 / g, h = 1e-4
        let axis = Vector3(0.6, 0.8, 0)
        return (0...Int(seconds * rateHz)).map { i in
            let t = Double(i) / rateHz
            let a = (height(t + h) - 2 * height(t) + height(t - h)) / (h * h)
            let f = Vector3(0, 0, (g + a) * scale).rotated(about: axis, by: 0.7)
            return Sample(t: t, x: f.x, y: f.y, z: f.z)
        }
    }

    /// Six half squats (thigh to 60°) at 1.2 s per rep, the fastest people squat, with no pause.
    /// Near straight knees the height hardly changes with the thigh's angle (1 − cos), so the
    /// travel is a hump ~0.55 s wide from the start level to 60 % of the way back: under the
    /// 0.6 s minimum rep `tilt` placements keep, which lost the first rep here (the later ones
    /// rise from the trough the rep before overshot to, and last longer).
    @Test(arguments: [12.5, 100])
    func fastHalfSquatsCount(rateHz: Double) {
        let reps = 6, secondsPerRep = 1.2, depth = 60 * Double.pi / 180
        let samples = Self.samples(rateHz: rateHz, seconds: 3 + Double(reps) * secondsPerRep + 3) { t in
            let u = t - 3
            guard u > 0, u < Double(reps) * secondsPerRep else { return 0 }
            return Self.height(thighAngle: depth * (1 - cos(2 * Double.pi * u / secondsPerRep)) / 2)
        }
        let run = DetectorRun(profile: SquatProfile(placement: .waist), samples: samples)
        #expect(run.reps.count == reps, "reps at \(run.reps.map(\.end)), lasting \(run.reps.map(\.duration))")
    }

    /// A clip on the hips that moves along `hips(t)` (back, up from standing, metres) without
    /// turning, read by a sensor with |g| at 12 m/s² mounted at a slant, sampled at `rateHz` for
    /// `seconds`: gravity plus the path's second derivative.
    static func samples(rateHz: Double, seconds: Double, hips: (Double) -> (x: Double, z: Double)) -> [Sample] {
        let scale = 12 / g, h = 1e-4, axis = Vector3(0.6, 0.8, 0)
        return (0...Int(seconds * rateHz)).map { i -> Sample in
            let t = Double(i) / rateHz
            let (before, now, after) = (hips(t - h), hips(t), hips(t + h))
            let ax = (after.x - 2 * now.x + before.x) / (h * h), az = (after.z - 2 * now.z + before.z) / (h * h)
            let f = Vector3(ax * scale, 0, (g + az) * scale).rotated(about: axis, by: 0.7)
            return Sample(t: t, x: f.x, y: f.y, z: f.z)
        }
    }

    /// `reps` squats from 3 s on, the thigh to 100° and back in `secondsPerRep`, as the hips'
    /// (or what they carry) horizontal and vertical position, metres: the horizontal reach is the
    /// thigh's forward reach less the shank's, times `swing` at `u` seconds into the set.
    static func swingingSquats(reps: Int, secondsPerRep: Double,
                               swing: @escaping (Double) -> Double) -> (Double) -> (x: Double, z: Double) {
        let depth = 100 * Double.pi / 180
        return { t in
            let u = t - 3
            guard u > 0, u < Double(reps) * secondsPerRep else { return (0, 0) }
            let theta = depth * (1 - cos(2 * Double.pi * u / secondsPerRep)) / 2
            return (-(Self.thigh * sin(theta) - Self.shank * sin(Self.shankRatio * theta)) * swing(u),
                    Self.height(thighAngle: theta))
        }
    }

    /// Six deep squats (thigh to 100°) at 1.2 s per rep, the hips swinging back as they go down
    /// (the thigh's forward reach less the shank's, 0.8 of it) and the belt clip never turning.
    /// At the moments |a| passes through |g| the hips' horizontal acceleration tilts the
    /// apparent gravity, and read from those moments the clip "turned" more than a squat's
    /// travel allows per degree (``SetConfirmation/leastTravelPerDegree``): no rep counted.
    /// On the waist only moments held at |g| for 0.2 s measure the turn
    /// (``SquatSignal/turnFromHeldMoments``), and none comes in a fast set without pauses.
    @Test func fastSquatsWhoseHipsSwingCountOnTheWaist() {
        let reps = 6, secondsPerRep = 1.2, rateHz = 100.0
        let hips = Self.swingingSquats(reps: reps, secondsPerRep: secondsPerRep) { _ in 0.8 }
        let samples = Self.samples(rateHz: rateHz, seconds: 6 + Double(reps) * secondsPerRep, hips: hips)
        let run = DetectorRun(profile: SquatProfile(placement: .waist), samples: samples)
        #expect(run.reps.count == reps, "reps at \(run.reps.map(\.end))")
    }

    /// A controller held in the hand is carried down and forward and back as the hips go down
    /// and back (the arms keep it in front of the trunk): eight deep fast squats (thigh to 100°,
    /// 1.3 s a rep), the hand's horizontal path 0.3 of the hips' reach in the first three reps and
    /// 0.75 in the rest, the controller never turning. Where |a| passes |g| its horizontal
    /// acceleration tilts the apparent gravity, and the last five read 45–50°, past the hand's
    /// 45° (``Thresholds/handMaxTurn``): each ended the set, 4 of 8 counted. In a confirmed set
    /// a rep that travels 1 cm or more per degree read may read past the limit by the tilt its
    /// own acceleration can give (``SquatDetector/turnIsAFastRepsTilt(_:limit:gravity:)``).
    /// The same turns read in slow reps, where they are turns, still end the set.
    @Test(arguments: [12.5, 100, 500])
    func fastHandSquatsCarriedForwardCount(rateHz: Double) {
        let reps = 8, secondsPerRep = 1.3
        let hand = Self.swingingSquats(reps: reps, secondsPerRep: secondsPerRep) { u in u < 3 * secondsPerRep ? 0.3 : 0.75 }
        let samples = Self.samples(rateHz: rateHz, seconds: 6 + Double(reps) * secondsPerRep, hips: hand)
        let run = DetectorRun(profile: SquatProfile(placement: .hand), samples: samples)
        #expect(run.reps.count == reps, "reps at \(run.reps.map(\.end))")
    }

    /// Eight slow movements 50 cm down and up (2 s down, 2 s up, 0.5 s standing) of a device in
    /// the hand, the first three turning it 25°, the rest 55°: turns, not tilts, and past the
    /// hand's limit by more than a 4 s rep's acceleration can tilt |g| (~5°); the set ends at
    /// the fourth.
    @Test func slowHandMovementsTurningPastTheLimitEndTheSet() {
        let period = 4.5
        let (progress, seconds) = Self.bending(count: 8, down: 2, hold: 0, up: 2, rest: 0.5)
        let samples = Self.samples(rateHz: 100, seconds: seconds, height: { -0.5 * progress($0) },
                                   turn: { t in (t - 3 < 3 * period ? 25.0 : 55) * Double.pi / 180 * progress(t) })
        let run = DetectorRun(profile: SquatProfile(placement: .hand), samples: samples)
        #expect(run.reps.count == 3, "reps at \(run.reps.map(\.end))")
    }

    /// Sitting down slowly (hips 40 cm lower in 3 s) and staying seated: the leaky estimate
    /// forgets the seat within seconds, and its swing back is read as a new descent that then
    /// rests near a level, which ``SquatDetector/maxHold`` takes for a posture: the wearer is
    /// away (not standing) by 17 s, and standing up later is no rep's ascent. Before, that
    /// "descent" stayed open for ``Thresholds/maxRepDuration`` (10 s), long enough to take in
    /// the stand-up as its ascent.
    @Test func aForgottenSeatIsAPosture() {
        let samples = Self.samples(rateHz: 100, seconds: 18) { t in
            let u = min(max(t - 3, 0), 3)
            return -0.4 * (1 - cos(Double.pi * u / 3)) / 2
        }
        var detector = SquatDetector(profile: SquatProfile(placement: .waist))
        var phaseAt17: SquatPhase?
        for s in samples {
            _ = detector.step(s)
            if phaseAt17 == nil && s.t >= 17 { phaseAt17 = detector.phase }
        }
        #expect(phaseAt17 == .away, "phase \(String(describing: phaseAt17)) at 17 s, signal \(detector.probe.signal)")
    }

    /// Hips following `path` (metres, a ramp over `seconds` from 0 to 1 as a half cosine).
    static func ease(_ u: Double) -> Double { (1 - cos(Double.pi * min(max(u, 0), 1))) / 2 }

    /// Every 9 s, |a| dips by 1.5 m/s² for 0.4 s and then lengthens by up to 3 m/s² for 0.4 s,
    /// the body otherwise at rest, as standing up from a chair does: the trunk tips forward,
    /// then rises while leaning (|a| grows with the square of horizontal and turning
    /// acceleration, whatever the direction). `lift` reads each stand-up as a quick rise of tens
    /// of centimetres and then creeps back over seconds, up into the next dip's small peak and
    /// down with the next jolt: a 6 s "descent" and a 0.6 s "ascent", counted as a set before
    /// ``SquatDetector/maxDescentToAscent``.
    @Test func aCreepAfterAJoltIsNoRep() {
        let jolts = 6, every = 9.0, width = 0.4, rateHz = 100.0
        let samples = (0...Int((3 + Double(jolts) * every) * rateHz)).map { i in
            let t = Double(i) / rateHz
            let u = (t - 3).truncatingRemainder(dividingBy: every)
            let dip = t > 3 && u < width ? -1.5 * pow(sin(Double.pi * u / width), 2) : 0
            let jolt = t > 3 && u >= width && u < 2 * width ? 3 * pow(sin(Double.pi * u / width), 2) : 0
            return Sample(t: t, x: 0, y: 0, z: Self.g + dip + jolt)
        }
        let run = DetectorRun(profile: SquatProfile(placement: .waist), samples: samples)
        #expect(run.reps.isEmpty, "reps at \(run.reps.map(\.end)), lasting \(run.reps.map(\.duration))")
    }

    /// A waist sensor, as ``samples(rateHz:seconds:height:)``, whose mounting also turns by
    /// `turn(t)` radians (the pelvis tilting forward).
    static func samples(rateHz: Double, seconds: Double, height: (Double) -> Double,
                        turn: (Double) -> Double) -> [Sample] {
        let scale = 12 / g, h = 1e-4
        let axis = Vector3(0.6, 0.8, 0)
        return (0...Int(seconds * rateHz)).map { i in
            let t = Double(i) / rateHz
            let a = (height(t + h) - 2 * height(t) + height(t - h)) / (h * h)
            let f = Vector3(0, 0, (g + a) * scale).rotated(about: axis, by: 0.7 + turn(t))
            return Sample(t: t, x: f.x, y: f.y, z: f.z)
        }
    }

    /// How far into a bend the wearer is at a time (0 standing … 1 bent over), for `count`
    /// bends from 3 s on: down in `down` seconds (half a cosine), `hold` bent, up in `up`,
    /// `rest` standing; and the seconds that take, with 3 s standing after.
    static func bending(count: Int, down: Double, hold: Double, up: Double,
                        rest: Double) -> (progress: (Double) -> Double, seconds: Double) {
        let period = down + hold + up + rest
        let progress = { (t: Double) -> Double in
            let u = t - 3
            guard u > 0, u < Double(count) * period else { return 0 }
            let v = u.truncatingRemainder(dividingBy: period)
            return ease(v / down) - ease((v - down - hold) / up)
        }
        return (progress, 3 + Double(count) * period + 3)
    }

    /// Bending over six times (down 1.2 s, 1 s at the bottom, up 1.2 s, 3 s standing): the belt
    /// clip drops 10 cm while the pelvis tilts 50°, under the 60° limit and deeper than 8 cm, but
    /// a fifth of a centimetre per degree where a squat travels ~1 cm per degree of lean (read
    /// as 16 cm, 0.3 cm per degree, from the trough the bend before overshot to); a squat of
    /// 40 cm with the same 50° counts. Without ``SetConfirmation/leastTravelPerDegree`` the
    /// bends count as a set. On the head the same readings with 40° are a dip of the knees
    /// while looking down (under the head's 50°, ``Thresholds/maxTurn``), and the same holds.
    @Test(arguments: [(Placement.waist, 50.0), (.head, 40)], [(0.10, 0), (0.40, 6)])
    func bendingOverIsNoSquat(sensor: (placement: Placement, turn: Double), movement: (drop: Double, expected: Int)) {
        let (drop, expected) = movement
        let run = DetectorRun(profile: SquatProfile(placement: sensor.placement),
                              samples: Self.downHoldUp(drop: drop, turn: sensor.turn))
        #expect(run.reps.count == expected, "reps at \(run.reps.map(\.end)), amplitudes \(run.reps.map(\.amplitude))")
    }

    /// Earbuds point where the eyes look: a squatter looks ahead or a little down, someone
    /// picking something up looks at it on the floor, and the head tilts 45–75°
    /// (``Thresholds/maxTurn``, 50° on the head): six 40 cm movements that tilt the head 35°
    /// count, the same travel with the head tilted 65° does not. Without the head's limit both
    /// count.
    @Test(arguments: [(35.0, 6), (65, 0)])
    func aHeadLookingAtTheFloorIsNoSquat(turn: Double, expected: Int) {
        let run = DetectorRun(profile: SquatProfile(placement: .head), samples: Self.downHoldUp(drop: 0.4, turn: turn))
        #expect(run.reps.count == expected, "reps at \(run.reps.map(\.end)), amplitudes \(run.reps.map(\.amplitude))")
    }

    /// Six movements down and up (down 1.2 s, 1 s at the bottom, up 1.2 s, 3 s standing) that
    /// take the sensor `drop` metres down while it turns `turn` degrees, at 100 Hz.
    static func downHoldUp(drop: Double, turn: Double) -> [Sample] {
        let (progress, seconds) = Self.bending(count: 6, down: 1.2, hold: 1.0, up: 1.2, rest: 3.0)
        return Self.samples(rateHz: 100, seconds: seconds,
                            height: { -drop * progress($0) }, turn: { turn * Double.pi / 180 * progress($0) })
    }

    /// A device held in the hand keeps its direction while the trunk leans and turns only as
    /// far as the arms rise for balance (``Thresholds/handMaxTurn``, 45°): six 40 cm squats
    /// that turn it 25° count, the same travel with a 52° turn (a phone turned to look at it,
    /// read as 40 cm) is no set in the hand, though it still is at the waist, whose pelvis leans
    /// with the trunk (60°). Fails with the hand's limit at the trunk's 60°.
    @Test(arguments: [(Placement.hand, 25.0, 6), (.hand, 52, 0), (.waist, 52, 6)])
    func aHandTurningFurtherThanArmsRiseIsNoSquat(placement: Placement, turn: Double, expected: Int) {
        let run = DetectorRun(profile: SquatProfile(placement: placement), samples: Self.downHoldUp(drop: 0.4, turn: turn))
        #expect(run.reps.count == expected, "reps at \(run.reps.map(\.end)), amplitudes \(run.reps.map(\.amplitude))")
    }

    /// Bending over to pick things up with a miscalibrated sensor, whose axes read 3 % apart
    /// (scale errors): down 1.2 s, 0.6 s at the bottom (too short for a rest), up 1.2 s, 4 s
    /// standing; the belt clip drops 15 cm while the pelvis tilts 45°. Bent over, |a| reads
    /// shorter than standing, which the leaky estimate integrates into a rise above standing
    /// that it forgets while the wearer stands: that creep is the descent of a 6 s "rep" whose
    /// bottom is the next bend. Without ``SquatDetector/crept(_:)`` the bends count as a set; a
    /// squat of 40 cm with the same tilt and sensor counts.
    @Test(arguments: [(0.15, 0), (0.40, 6)], [12.5, 100])
    func bendingOverWithAMiscalibratedSensorIsNoSquat(movement: (drop: Double, expected: Int), rateHz: Double) {
        let (drop, expected) = movement
        let (progress, seconds) = Self.bending(count: 6, down: 1.2, hold: 0.6, up: 1.2, rest: 4.0)
        let samples = Self.samples(rateHz: rateHz, seconds: seconds,
                                   height: { -drop * progress($0) }, turn: { 45 * Double.pi / 180 * progress($0) })
            .map { Sample(t: $0.t, x: $0.x * 1.03, y: $0.y, z: $0.z) }
        let run = DetectorRun(profile: SquatProfile(placement: .waist), samples: samples)
        #expect(run.reps.count == expected, "reps at \(run.reps.map(\.end)), amplitudes \(run.reps.map(\.amplitude))")
    }

    /// Bending over to pick things up as in ``bendingOverWithAMiscalibratedSensorIsNoSquat(movement:rateHz:)``
    /// (axes 3 % apart, the pelvis tilting 45°), but held 1 s at the bottom, 2.5 s standing
    /// between bends, and the wearer swaying 2 cm up and down at 0.4 Hz (0.013 g), so the
    /// sensor never rests to ``SquatDetector/crept(_:)``: the estimate's creep while the wearer
    /// stands is most of each "rep" (made with the sensor upright and still, before the bend
    /// set off or turned it). Without ``SquatDetector/travelledBeforeTurning(_:)`` the 15 cm
    /// bends count as a set of six; 40 cm squats with the same tilt, pause, sway and sensor
    /// count (timed from the turn alone, which the waist reads at the bottom's held moments,
    /// they did not).
    @Test(arguments: [(0.15, 0), (0.40, 6)], [12.5, 100])
    func bendingOverWhileSwayingIsNoSquat(movement: (drop: Double, expected: Int), rateHz: Double) {
        let (drop, expected) = movement
        let (progress, seconds) = Self.bending(count: 6, down: 1.2, hold: 1.0, up: 1.2, rest: 2.5)
        let samples = Self.samples(rateHz: rateHz, seconds: seconds,
                                   height: { -drop * progress($0) + 0.02 * sin(2 * Double.pi * 0.4 * $0) },
                                   turn: { 45 * Double.pi / 180 * progress($0) })
            .map { Sample(t: $0.t, x: $0.x * 1.03, y: $0.y, z: $0.z) }
        let run = DetectorRun(profile: SquatProfile(placement: .waist), samples: samples)
        #expect(run.reps.count == expected, "reps at \(run.reps.map(\.end)), amplitudes \(run.reps.map(\.amplitude))")
    }

    /// Six movements 40 cm down and up (1.2 s down, 0.5 s at the bottom, 1.2 s up) of earbuds
    /// or a held device, a breath apart (1 s standing): a set. 5.5 s apart, as someone stands
    /// between bending down to pick things up, each is on its own: the sensor rests longer than
    /// ``SquatDetector/longestRestInSet`` (four counted without it, the pauses being shorter
    /// than ``Thresholds/setGap``).
    @Test(arguments: [Placement.head, .hand], [(1.0, 6), (5.5, 0)])
    func movementsRestingLongerThanABreathApartAreNoSet(placement: Placement, pause: (rest: Double, expected: Int)) {
        let (progress, seconds) = Self.bending(count: 6, down: 1.2, hold: 0.5, up: 1.2, rest: pause.rest)
        let samples = Self.samples(rateHz: 50, seconds: seconds, height: { -0.4 * progress($0) })
        let run = DetectorRun(profile: SquatProfile(placement: placement), samples: samples)
        #expect(run.reps.count == pause.expected, "reps at \(run.reps.map(\.end)), amplitudes \(run.reps.map(\.amplitude))")
    }

    /// Slow-eccentric squats (4:1: 3.2 s down, 0.8 s up, hips 35 cm lower), the slowest tempo
    /// people are told to use, still count: the limit sits above it.
    @Test func slowEccentricSquatsCount() {
        let reps = 5, down = 3.2, up = 0.8
        let samples = Self.samples(rateHz: 100, seconds: 3 + Double(reps) * (down + up) + 3) { t in
            let u = t - 3
            guard u > 0, u < Double(reps) * (down + up) else { return 0 }
            let v = u.truncatingRemainder(dividingBy: down + up)
            return -0.35 * (Self.ease(v / down) - Self.ease((v - down) / up))
        }
        let run = DetectorRun(profile: SquatProfile(placement: .waist), samples: samples)
        #expect(run.reps.count == reps, "reps at \(run.reps.map(\.end)), lasting \(run.reps.map(\.duration))")
    }

    /// `reps` squats from 3 s on, 3 s standing after: hips `drop` metres lower in `down`
    /// seconds (half a cosine), paused `pause` at the bottom, up in `up`, `top` standing
    /// between reps, as ``samples(rateHz:seconds:height:)``.
    static func squats(_ reps: Int, drop: Double, down: Double, pause: Double, up: Double, top: Double,
                       rateHz: Double, standingFirst: Double = 3) -> [Sample] {
        let period = down + pause + up + top
        return samples(rateHz: rateHz, seconds: standingFirst + Double(reps) * period + 3) { t in
            let u = t - standingFirst
            guard u > 0, u < Double(reps) * period else { return 0 }
            let v = u.truncatingRemainder(dividingBy: period)
            return -drop * (ease(v / down) - ease((v - down - pause) / up))
        }
    }

    /// Sitting down on a chair (hips 45 cm lower in 1.2–1.6 s), staying seated 4.5–8 s and
    /// standing up (1.1–1.5 s), six times with 2–4 s standing between: no set. The leaky
    /// estimate forgets each seat within seconds, so the sit-down, the creep back while seated
    /// and the stand-up read as rep-shaped humps that pair up (5 reps before the seat rule,
    /// ``RestTracker``): the wearer came to rest a rep's depth lower and stayed there for
    /// ``SquatDetector/maxHold``, and no movement is a rep until the wearer has stood up.
    @Test(arguments: [Placement.waist, .head], [12.5, 100])
    func sittingDownAndStandingUpIsNoSet(placement: Placement, rateHz: Double) {
        // (sit down, seated, stand up, standing), seconds.
        let plan = [(1.4, 6.0, 1.3, 3.0), (1.2, 5, 1.5, 2.5), (1.6, 8, 1.1, 4), (1.3, 4.5, 1.4, 2),
                    (1.5, 7, 1.2, 3), (1.4, 5.5, 1.3, 2.5)]
        var starts: [Double] = []
        var t = 3.0
        for (down, seated, up, standing) in plan {
            starts.append(t)
            t += down + seated + up + standing
        }
        let samples = Self.samples(rateHz: rateHz, seconds: t) { t in
            for (start, (down, seated, up, _)) in zip(starts, plan) where t >= start && t < start + down + seated + up {
                return -0.45 * (Self.ease((t - start) / down) - Self.ease((t - start - down - seated) / up))
            }
            return 0
        }
        let run = DetectorRun(profile: SquatProfile(placement: placement), samples: samples)
        #expect(run.reps.isEmpty, "reps at \(run.reps.map(\.end)), lasting \(run.reps.map(\.duration))")
    }

    /// Sitting down on a chair with a chest strap (hips 45 cm lower in 1.4 s, the trunk leaning
    /// 20° on the way and upright again once seated), seated 2 s while the trunk sways ±4° at
    /// 0.8 Hz, leaning forward 25° (the strap 12 cm lower in 0.8 s) and standing up in 1.3 s,
    /// six times with 2 s standing between: no set. The sway turns the strap too much for a rest
    /// (3.4° for a second) and the seat is left within ``SquatDetector/maxHold``; the stand-up
    /// before each sit-down, the seat and the lean forward read as one rep-shaped movement
    /// (5 reps counted). The seat carries the body, so |a| rests at |g| while the trunk sways,
    /// and upright it is a seat at once (``RestTracker/onSwayingSeat``).
    @Test(arguments: [12.5, 100])
    func sittingDownOnASwayingSeatIsNoSet(rateHz: Double) {
        let (down, seat, lean, up, standing) = (1.4, 2.0, 0.8, 1.3, 2.0)
        let period = down + seat + lean + up + standing, sits = 6
        func into(_ t: Double) -> Double? {
            let u = t - 3
            guard u >= 0, u < Double(sits) * period else { return nil }
            return u.truncatingRemainder(dividingBy: period)
        }
        let degree = Double.pi / 180
        let samples = Self.samples(rateHz: rateHz, seconds: 3 + Double(sits) * period + 3, height: { t in
            guard let u = into(t) else { return 0 }
            return -0.45 * Self.ease(u / down) - 0.12 * Self.ease((u - down - seat) / lean)
                + 0.57 * Self.ease((u - down - seat - lean) / up)
        }, turn: { t in
            guard let u = into(t) else { return 0 }
            let goingDown = 20 * (Self.ease(u / (down / 2)) - Self.ease((u - down / 2) / (down / 2 + 0.5)))
            let sway = u >= down && u < down + seat ? 4 * sin(2 * Double.pi * 0.8 * (u - down)) : 0
            let leanForward = 25 * (Self.ease((u - down - seat) / lean) - Self.ease((u - down - seat - lean) / up))
            return degree * (goingDown + sway + leanForward)
        })
        let run = DetectorRun(profile: SquatProfile(placement: .chest), samples: samples)
        #expect(run.reps.isEmpty, "reps at \(run.reps.map(\.end)), lasting \(run.reps.map(\.duration))")
    }

    /// Two squats alike (40 cm, 2.5 s per rep, 1 s standing between) are no set on a `lift`
    /// placement; three are: sitting down and standing up again make two rep-shaped movements
    /// (a seat the wearer leaves within ``SquatDetector/maxHold`` is not seen), and handling a
    /// device or bending over for something one or two, each as deep as a squat.
    @Test(arguments: [Placement.waist, .chest, .hand, .head], [(2, 0), (3, 3)])
    func threeAlikeRepsStartASet(placement: Placement, squats: (reps: Int, expected: Int)) {
        let secondsPerRep = 2.5, top = 1.0
        let period = secondsPerRep + top
        let samples = Self.samples(rateHz: 100, seconds: 3 + Double(squats.reps) * period + 4) { t in
            let u = t - 3
            guard u > 0, u < Double(squats.reps) * period else { return 0 }
            let v = u.truncatingRemainder(dividingBy: period)
            return -0.4 * (Self.ease(v / (secondsPerRep / 2)) - Self.ease((v - secondsPerRep / 2) / (secondsPerRep / 2)))
        }
        let run = DetectorRun(profile: SquatProfile(placement: placement), samples: samples)
        #expect(run.reps.count == squats.expected, "reps at \(run.reps.map(\.end))")
    }

    /// Squats paused at the bottom count at any rate.
    ///
    /// Six paused 2.5 s (2 s down and 2 s up, 40 cm), under ``SquatDetector/maxHold``: the rise
    /// out of the pause accelerates at once, so the pause is never held as long as a seat. (When
    /// the seat rule measured the hold from the rest after the descent, the first 8 cm of each
    /// rise still counted as held, and at 12.5 Hz none of the six counted.)
    ///
    /// Four slow half squats from standing (25 cm down in 3 s, paused 1 s, 3 s up, 2 s standing
    /// between): the leaky estimate reads a part of the first rep's way down, under the 8 cm
    /// minimum, and its way up on past 0 to an overshoot as deep as the next reps rise from;
    /// the first rep shows its depth in that fall (`SquatStateMachine.settleShallow`; 3 of 4
    /// counted before, at both rates).
    @Test(arguments: [(reps: 6, drop: 0.4, down: 2.0, pause: 2.5, up: 2.0, top: 1.0),
                      (reps: 4, drop: 0.25, down: 3.0, pause: 1.0, up: 3.0, top: 2.0)], [12.5, 100])
    func squatsPausedAtTheBottomCount(
        set: (reps: Int, drop: Double, down: Double, pause: Double, up: Double, top: Double), rateHz: Double
    ) {
        let samples = Self.squats(set.reps, drop: set.drop, down: set.down, pause: set.pause, up: set.up, top: set.top,
                                  rateHz: rateHz)
        let run = DetectorRun(profile: SquatProfile(placement: .waist), samples: samples)
        #expect(run.reps.count == set.reps, "reps at \(run.reps.map(\.end)), amplitudes \(run.reps.map(\.amplitude))")
    }

    /// Eight squats 40 cm deep at 1.5 s per rep, back to back (a sinusoid, the acceleration
    /// smooth throughout), at 12.5 Hz, with three samples lost `offset` seconds into the fifth
    /// rep (those either side 0.32 s apart), a radio's dropout: the detector bridges them with a
    /// straight line between the samples either side (``SquatDetector/lostSamplesSpacing``) and
    /// counts all eight wherever the dropout falls. Fed as it came, the sample after the gap
    /// stood for the whole gap, the estimate integrated it into travel that never happened, and
    /// at three of the eight places the set lost one or two reps. (Four or five samples lost,
    /// the bridge counts 8 at seven of the eight places, holding the sample at two to five;
    /// with half a rep lost, seven or nine samples, neither counts reliably.)
    @Test(arguments: [0.0, 0.2, 0.4, 0.6, 0.8, 1.0, 1.2, 1.4])
    func samplesLostInAFastRepAreBridged(offset: Double) {
        let gap = 0.24, gapStart = Self.eightFastRepsTiming.first + 4 * Self.eightFastRepsTiming.period + offset
        let run = Self.eightFastReps { $0.t < gapStart || $0.t > gapStart + gap }
        #expect(run.reps.count == 8, "reps at \(run.reps.map(\.end)), amplitudes \(run.reps.map(\.amplitude))")
    }

    /// Eight sinusoidal squats 40 cm deep at 1.5 s a rep, from 3 s, at 12.5 Hz, on the waist,
    /// with the samples `kept` says kept, as the detector counts them.
    static func eightFastReps(kept: (Sample) -> Bool) -> DetectorRun {
        let (period, first) = eightFastRepsTiming
        let samples = Self.samples(rateHz: 12.5, seconds: first + 8 * period + 3) { t in
            let u = t - first
            guard u > 0, u < 8 * period else { return 0 }
            return -0.4 * (1 - cos(2 * Double.pi * u / period)) / 2
        }
        return DetectorRun(profile: SquatProfile(placement: .waist), samples: samples.filter(kept))
    }
    /// Seconds a rep of ``eightFastReps(kept:)`` takes, and when the first begins.
    static let eightFastRepsTiming = (period: 1.5, first: 3.0)

    /// The same eight squats with a run of nine samples lost (0.72 s, as fast seed 3001 lost at
    /// 12.5 Hz) over the fifth rep's bottom, `offset` seconds from it: the straight line between
    /// the samples either side never brakes the descent, and the estimate fell on through the
    /// hidden bottom into the next rep, one movement about a metre deep that ended the set (5 of
    /// 8; 7 where the run began 0.56 s before the bottom). Bridged with a hump of |a| that brings
    /// the travel out of the run rising as fast as it went in falling
    /// (``SquatDetector/runHidingABottom``), the hidden rep and the ones after it count; brought
    /// to rest by the run's end instead, 7 of 8 at four offsets of the five.
    @Test(arguments: [-0.2, -0.1, 0.0, 0.1, 0.2])
    func aRunOfLostSamplesOverARepsBottomHidesNoRep(offset: Double) {
        let run = 0.72, bottom = Self.eightFastRepsTiming.first + 4.5 * Self.eightFastRepsTiming.period + offset
        let detected = Self.eightFastReps { abs($0.t - bottom) > run / 2 }
        #expect(detected.reps.count == 8, "reps at \(detected.reps.map(\.end)), amplitudes \(detected.reps.map(\.amplitude))")
    }

    /// Four slow half squats (20 cm down in 4 s, paused 1 s, 3 s up, 2 s standing between) after
    /// 8 s standing, when the estimate has settled and a set's first rep is judged against rest
    /// (``SquatDetector/roseFromAboveRest(_:t:)``): the first rep reads under 8 cm from rest
    /// and counts by its fall, which ends past rest; it rose from rest all the same (until
    /// November 2026 that fall's end was taken for where it set off, and at one rate of the two
    /// the set lost its first rep).
    @Test(arguments: [12.5, 100])
    func aSlowSetsFirstRepCountsByItsFallAfterLongStanding(rateHz: Double) {
        let samples = Self.squats(4, drop: 0.2, down: 4, pause: 1, up: 3, top: 2, rateHz: rateHz, standingFirst: 8)
        let run = DetectorRun(profile: SquatProfile(placement: .waist), samples: samples)
        #expect(run.reps.count == 4, "reps at \(run.reps.map(\.end)), amplitudes \(run.reps.map(\.amplitude))")
    }

    /// A chest strap adjusted by hand six times, with the wearer standing: turned one way and
    /// held for 3 s, then the other way for 3 s, then left alone for 2 s, on a sensor whose |a|
    /// reads 0.08 m/s² over and then under its |g| (12 m/s²) while turned, as one whose axes read
    /// 3 % apart does turned by ~13° (the turn itself is left out: a strap's ±7–13° passes the
    /// trunk's travel per degree, ``SetConfirmation/leastTravelPerDegree``). The leaky estimate
    /// reads each adjustment as 5–7 cm above rest and then 5–6 cm below it: 11–12 cm from
    /// trough to peak, as deep as a rep, and five counted as a set before
    /// ``SquatDetector/roseFromAboveRest(_:t:)``; a set's first rep must go a rep's depth below
    /// rest. ``aSlowSetsFirstRepCountsByItsFallAfterLongStanding(rateHz:)`` checks that a set's
    /// first rep still counts once the estimate has settled.
    @Test(arguments: [12.5, 100])
    func aStrapTurnedBackAndForthIsNoSet(rateHz: Double) {
        let adjustments = 6, half = 3.0, still = 2.0, over = 0.08
        let period = 2 * half + still
        let samples = (0...Int((3 + Double(adjustments) * period + 4) * rateHz)).map { i in
            let t = Double(i) / rateHz
            let u = t - 3
            var change = 0.0
            if u > 0, u < Double(adjustments) * period {
                let v = u.truncatingRemainder(dividingBy: period)
                if v < 2 * half { change = (v < half ? over : -over) * pow(sin(Double.pi * v / half), 2) }
            }
            return Sample(t: t, x: 0, y: 0, z: 12 + change)
        }
        let run = DetectorRun(profile: SquatProfile(placement: .chest), samples: samples)
        #expect(run.reps.isEmpty, "reps at \(run.reps.map(\.end)), amplitudes \(run.reps.map(\.amplitude))")
    }

    /// Eight deep squats (thigh to 90°) without a pause, each taking its own 1.07–1.41 s, the
    /// hips going back ~10 cm as they go down (60 % of the two-segment leg's horizontal travel;
    /// the sensor does not turn). The hips' swing lengthens |a| most where the body falls, and
    /// the leaky estimate wanders by tens of centimetres: the slowest rep (1.41 s) read its end
    /// 0.1 s late and the quick one after it (1.07 s) ended 0.77 s after that, within the
    /// gate's 0.8 s, though their bottoms were 1.2 s apart. Spaced at their bottoms
    /// (``SquatDetector/spacesRepsAtBottoms(_:_:)``) all eight count; spaced at their ends, seven.
    @Test func aQuickRepAfterASlowerOneIsSpacedAtItsBottom() {
        let periods = [1.12, 1.18, 1.21, 1.41, 1.07, 1.18, 1.31, 1.14]
        let depth = 90 * Double.pi / 180, swing = 0.6, rateHz = 100.0
        var starts: [Double] = [], t0 = 3.0
        for p in periods { starts.append(t0); t0 += p }
        /// Hips (back, up) from standing, metres.
        func hips(_ t: Double) -> (x: Double, z: Double) {
            for (s, p) in zip(starts, periods) where t >= s && t < s + p {
                let theta = depth * (1 - cos(2 * Double.pi * (t - s) / p)) / 2
                return (-swing * (Self.thigh * sin(theta) - Self.shank * sin(Self.shankRatio * theta)), Self.height(thighAngle: theta))
            }
            return (0, 0)
        }
        let samples = Self.samples(rateHz: rateHz, seconds: t0 + 3, hips: hips)
        let run = DetectorRun(profile: SquatProfile(placement: .waist), samples: samples)
        #expect(run.reps.count == periods.count, "reps at \(run.reps.map(\.end)), bottoms \(run.reps.map(\.bottom))")
        // The path this test is about: two counts whose ends lie closer than the gate's 0.8 s,
        // all of them spaced by it at their bottoms.
        let pairs = zip(run.reps, run.reps.dropFirst())
        #expect(pairs.contains { $1.end - $0.end < 0.8 }, "ends \(run.reps.map(\.end))")
        #expect(pairs.allSatisfy { $1.bottom - $0.bottom >= 0.8 }, "bottoms \(run.reps.map(\.bottom))")
    }
}
