#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A simulated set of squats on a timeline: the wearer stands, does `reps` squats, stands again.
///
/// Each rep follows the smooth profile `depth(τ) = scale·(1 − cos 2πτ/T)/2`, 0 upright and
/// `scale` (≈ 1) at the bottom, which starts and ends at rest like a real squat. Times in seconds.
struct SquatSet {
    /// Ground truth for one simulated rep, seconds.
    struct TrueRep {
        var start: Double
        var bottom: Double
        var end: Double
    }

    /// Seconds per rep, descent start to ascent end.
    var secondsPerRep: Double
    /// Depth of each rep relative to the nominal depth (1 = nominal).
    var depthScales: [Double]
    /// Standing time before the first rep and between consecutive reps, seconds.
    var standBefore = 4.0
    var pauseBetweenReps = 0.0
    var standAfter = 4.0

    var reps: Int { depthScales.count }

    var trueReps: [TrueRep] {
        (0..<reps).map { k in
            let start = standBefore + Double(k) * (secondsPerRep + pauseBetweenReps)
            return TrueRep(start: start, bottom: start + secondsPerRep / 2, end: start + secondsPerRep)
        }
    }

    var duration: Double {
        standBefore + Double(reps) * secondsPerRep + Double(max(reps - 1, 0)) * pauseBetweenReps + standAfter
    }

    /// `reps` reps whose depths vary by up to ±`variation` (a fraction), drawn from `rng`.
    init(reps: Int, secondsPerRep: Double, variation: Double = 0.1, using rng: inout SeededGenerator) {
        self.secondsPerRep = secondsPerRep
        self.depthScales = (0..<reps).map { _ in 1 + Double.random(in: -variation...variation, using: &rng) }
    }

    /// Depth at `t` (0 upright, ≈ 1 at the bottom) and its second time derivative, 1/s².
    func depth(at t: Double) -> (depth: Double, acceleration: Double) {
        let period = secondsPerRep + pauseBetweenReps
        let since = t - standBefore
        guard since >= 0 else { return (0, 0) }
        let k = Int(since / period)
        guard k < reps else { return (0, 0) }
        let tau = since - Double(k) * period
        guard tau < secondsPerRep else { return (0, 0) }
        let w = 2 * Double.pi / secondsPerRep
        let scale = depthScales[k]
        return (scale * (1 - cos(w * tau)) / 2, scale * w * w * cos(w * tau) / 2)
    }
}
