/// A scalar that moves between keyframes along minimum-jerk paths.
///
/// Between keyframes (t₀, v₀) and (t₁, v₁), with s = (t − t₀)/(t₁ − t₀) and T = t₁ − t₀:
///
///     v(t) = v₀ + (v₁ − v₀)·(10s³ − 15s⁴ + 6s⁵) + T²·(a₀·s²(1 − s)³ + a₁·s³(1 − s)²)/2
///
/// Without the last term (a₀ = a₁ = 0) this is the trajectory that minimises ∫ jerk² for a
/// point-to-point move from rest to rest (Flash & Hogan 1985, the classic model of smooth human
/// movement): for a move of size D in time T the acceleration peaks at ±5.77·D/T², at
/// s ≈ 0.21 and 0.79. The last term is the quintic that gives the keyframe an acceleration a
/// (value units/s²) while keeping its velocity zero: a *turnaround* rather than a stop, as at
/// the bottom of a squat taken without a pause, where the body is still for an instant but
/// already pushing up. Velocity is zero at every keyframe and acceleration is continuous
/// across it, so the track is C² and its second derivative — what an accelerometer sees — is
/// continuous. Before the first and after the last keyframe the value holds.
struct KeyframeTrack: Sendable {
    private(set) var times: [Double] = []
    private(set) var values: [Double] = []
    private(set) var accelerations: [Double] = []

    init(start value: Double) { times = [-.infinity]; values = [value]; accelerations = [0] }

    /// Adds a keyframe at absolute time `t` (seconds), which must not precede the last one,
    /// with the acceleration the value has there (0: at rest; see the type's description).
    mutating func move(to value: Double, at t: Double, acceleration: Double = 0) {
        times.append(max(t, times.count == 1 ? t : times[times.count - 1]))
        values.append(value)
        accelerations.append(acceleration)
    }

    /// Holds the current value until absolute time `t`. The last keyframe comes to rest: a
    /// hold cannot start with an acceleration.
    mutating func hold(until t: Double) {
        accelerations[accelerations.count - 1] = 0
        move(to: values[values.count - 1], at: t)
    }

    /// Gives the last keyframe an acceleration: the value turns around there instead of stopping.
    mutating func turn(acceleration: Double) {
        accelerations[accelerations.count - 1] = acceleration
    }

    var lastTime: Double { times.count == 1 ? 0 : times[times.count - 1] }
    var lastValue: Double { values[values.count - 1] }

    func value(at t: Double) -> Double {
        // Binary search for the last keyframe at or before t.
        var lo = 0, hi = times.count - 1
        if t >= times[hi] { return values[hi] }
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if times[mid] <= t { lo = mid } else { hi = mid }
        }
        let t0 = times[lo], t1 = times[hi]
        guard t0.isFinite, t1 > t0 else { return values[lo] }
        let T = t1 - t0
        let s = (t - t0) / T
        let r = 1 - s
        let turn = T * T * (accelerations[lo] * s * s * r * r * r + accelerations[hi] * s * s * s * r * r) / 2
        return values[lo] + (values[hi] - values[lo]) * minimumJerk(s) + turn
    }
}

/// 10s³ − 15s⁴ + 6s⁵ on [0, 1], clamped outside.
@inline(__always)
func minimumJerk(_ s: Double) -> Double {
    let u = min(max(s, 0), 1)
    return u * u * u * (10 + u * (-15 + 6 * u))
}
