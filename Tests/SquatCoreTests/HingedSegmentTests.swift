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

    /// Six 20° tilts of a calf sensor and back, 2.5 s apart, each leaning 60° around from the one
    /// before (a device turned this way and that in a pocket or band): no knee bends like that,
    /// and nothing counts. The same tilts leaning one way are a set.
    @Test(arguments: [(60.0, 0), (0.0, 6)])
    func tiltsLeaningAnotherWayEachTimeAreNoSet(turnPerRep: Double, expected: Int) {
        let settle = 3.0, secondsPerRep = 2.5, reps = 6
        let samples = SquatDetectorTests.turning(for: settle + Double(reps) * secondsPerRep + 3) { t in
            let phase = (t - settle) / secondsPerRep
            guard t >= settle, phase < Double(reps) else { return HingedSegmentTests.shin(forward: 0) }
            let c = phase - phase.rounded(.down)
            return HingedSegmentTests.shin(forward: 20 * (1 - cos(2 * Double.pi * c)) / 2,
                                           leaning: turnPerRep * phase.rounded(.down))
        }
        let run = DetectorRun(profile: SquatProfile(placement: .calf), samples: samples)
        #expect(run.reps.count == expected, "reps at \(run.reps.map(\.start)), amplitudes \(run.reps.map(\.amplitude))")
    }

    /// A band on the shin turned forward 16° and back over 1.6 s, twice, 4 s apart, leaning the
    /// same way: two alike reps, a set. Between them the band is turned `quickTurn` degrees and
    /// back in 0.6 s, quicker than a knee moves the shin through a rep (the calf's 0.8 s): with
    /// |a| at |g| throughout, that is the band turned by hand, and the set ends, whether the
    /// turn is deep enough for a rep (20°) or not (9°; 2 counted for either without
    /// ``SquatDetector/turnedByHandJolt``, for 9° with the rule applied to rep-deep movements
    /// only). With |a| 15 % off |g| during the quick movement, as an impact's brief push makes
    /// it, it says nothing about the movements around it: still two reps (0 if every quick
    /// movement ended the set).
    @Test(arguments: [(20.0, 0.0, 0), (9.0, 0.0, 0), (20.0, 0.15, 2)])
    func aQuickQuietTurnBetweenTwoRepsEndsTheSet(quickTurn: Double, jolt: Double, expected: Int) {
        let rate = 50.0
        // (start, duration, depth in degrees, |a| off |g| as a fraction) of each movement.
        let movements: [(Double, Double, Double, Double)] = [(3, 1.6, 16, 0), (6.1, 0.6, quickTurn, jolt), (8.2, 1.6, 16, 0)]
        let samples = (0..<Int(13 * rate)).map { i -> Sample in
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
}
