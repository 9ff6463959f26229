#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import SquatCore

/// Thigh and calf sensors swing on the knee's arc: standing is the end of it furthest from the
/// bottom, and every rep leans the segment the same way (``SquatSignal/noteRepBottom()``).
@Suite struct HingedSegmentTests {
    /// A shin `forward` degrees ahead of upright, turned `sideways` degrees around the vertical
    /// (the direction it leans in), as the sensor on it sees gravity.
    static func shin(forward: Double, leaning sideways: Double = 0) -> Vector3 {
        Vector3(0, 0, 1).rotated(about: Vector3(cos(sideways * .pi / 180), sin(sideways * .pi / 180), 0),
                                 by: forward * .pi / 180)
    }

    /// The wearer stands still before the set with the shin 12° forward (knees a little bent),
    /// straightens fully at the top of every rep (0°, held 0.45 s) and goes to 24°, 3 s a rep. From the
    /// reference learned before the set the top reads 12° and the bottom 12°: two humps a rep.
    /// Once the reference follows the sensor to the end of the arc, each rep counts once.
    @Test func aShinStandingBentBeforeTheSetCountsEachRepOnce() {
        let settle = 3.0, secondsPerRep = 3.0, reps = 8
        let samples = SquatDetectorTests.turning(for: settle + Double(reps) * secondsPerRep + 3) { t in
            let phase = (t - settle) / secondsPerRep
            guard t >= settle else { return HingedSegmentTests.shin(forward: 12) }
            guard phase < Double(reps) else {
                // Back to the relaxed stance after the last rep.
                return HingedSegmentTests.shin(forward: 12 * min(t - settle - Double(reps) * secondsPerRep, 1))
            }
            let c = phase - phase.rounded(.down)
            if phase < 0.15 { return HingedSegmentTests.shin(forward: 12 * (1 - phase / 0.15)) }
            // Held straight for the first 15 % of each rep, down and up over the rest.
            let f = c < 0.15 ? 0 : (1 - cos(2 * Double.pi * (c - 0.15) / 0.85)) / 2
            return HingedSegmentTests.shin(forward: 24 * f)
        }
        let run = DetectorRun(profile: SquatProfile(placement: .calf), samples: samples)
        #expect(run.reps.count == reps, "reps at \(run.reps.map(\.start)), amplitudes \(run.reps.map(\.amplitude))")
    }

    /// Two alike 15° shin bumps of 2 s, 3 s apart (weight shifted onto the toes and back, twice)
    /// count nothing on the calf; a third alike one starts a set and all three count.
    @Test(arguments: [(2, 0), (3, 3)])
    func aCalfSetStartsWithThreeAlikeReps(bumps: Int, expected: Int) {
        let settle = 3.0, secondsPerBump = 3.0
        let samples = SquatDetectorTests.turning(for: settle + Double(bumps) * secondsPerBump + 3) { t in
            let phase = (t - settle) / secondsPerBump
            guard t >= settle, phase < Double(bumps) else { return HingedSegmentTests.shin(forward: 0) }
            let c = phase - phase.rounded(.down)
            return HingedSegmentTests.shin(forward: c < 2 / 3 ? 15 * (1 - cos(3 * Double.pi * c)) / 2 : 0)
        }
        let run = DetectorRun(profile: SquatProfile(placement: .calf), samples: samples)
        #expect(run.reps.count == expected, "reps at \(run.reps.map(\.start))")
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
}
