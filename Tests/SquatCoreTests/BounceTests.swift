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
}
