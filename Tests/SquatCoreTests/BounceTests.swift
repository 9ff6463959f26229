#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import SquatCore

/// The `bounce` signal (a wrist band) on vertical movements of the whole body.
@Suite struct BounceTests {
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
    /// reps turned further than hands on a bar do (``Thresholds/maxTurn``, 25°) and did not
    /// count; read only where |a| stayed near |g| (``SquatSignal/quasiStaticDwell``) and from
    /// each rep's mean direction, the turn is the band's own.
    @Test(arguments: [12.5, 100])
    func fastSquatsWithABarCount(rateHz: Double) {
        let reps = 8, secondsPerRep = 1.2, drop = 0.45, forward = 0.4, lean = 12 * Double.pi / 180
        let start = 3.0, g = SquatSignalTests.g, h = 1e-4
        /// Band position (forward, up), metres, and its turn, radians, at time `t`.
        func pose(_ t: Double) -> (x: Double, z: Double, turn: Double) {
            let u = t - start
            guard u > 0, u < Double(reps) * secondsPerRep else { return (0, 0, 0) }
            let phase = 2 * Double.pi * u / secondsPerRep
            let down = (1 - cos(phase)) / 2
            return (forward * sin(phase) * down, -drop * down, lean * down)
        }
        let mount = Vector3(0.6, 0.8, 0)
        let samples = (0...Int((start + Double(reps) * secondsPerRep + 3) * rateHz)).map { i in
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
        let run = DetectorRun(profile: SquatProfile(placement: .wrist), samples: samples)
        #expect(run.reps.count == reps, "reps at \(run.reps.map(\.end))")
    }
}
