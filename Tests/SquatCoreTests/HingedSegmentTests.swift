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
}
