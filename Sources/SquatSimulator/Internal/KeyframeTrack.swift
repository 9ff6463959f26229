/// A scalar that moves between keyframes along minimum-jerk paths.
///
/// Between keyframes (t₀, v₀) and (t₁, v₁), with s = (t − t₀)/(t₁ − t₀):
///
///     v(t) = v₀ + (v₁ − v₀)·(10s³ − 15s⁴ + 6s⁵)
///
/// the trajectory that minimises ∫ jerk² for a point-to-point move (Flash & Hogan 1985, the
/// classic model of smooth human movement). Velocity and acceleration are zero at every
/// keyframe, so the track is C² and its second derivative — what an accelerometer sees — is
/// continuous: for a move of size D in time T it peaks at ±5.77·D/T², at s ≈ 0.21 and 0.79.
/// Before the first and after the last keyframe the value holds.
struct KeyframeTrack: Sendable {
    private(set) var times: [Double] = []
    private(set) var values: [Double] = []

    init(start value: Double) { times = [-.infinity]; values = [value] }

    /// Adds a keyframe `after` seconds after the last one (0 for a jump-free hold point).
    mutating func move(to value: Double, over duration: Double) {
        let last = times.count == 1 ? 0 : times[times.count - 1]
        times.append(last + max(duration, 0))
        values.append(value)
    }

    /// Adds a keyframe at absolute time `t` (seconds), which must not precede the last one.
    mutating func move(to value: Double, at t: Double) {
        times.append(max(t, times.count == 1 ? t : times[times.count - 1]))
        values.append(value)
    }

    /// Holds the current value until absolute time `t`.
    mutating func hold(until t: Double) { move(to: values[values.count - 1], at: t) }

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
        let s = (t - t0) / (t1 - t0)
        return values[lo] + (values[hi] - values[lo]) * minimumJerk(s)
    }
}

/// 10s³ − 15s⁴ + 6s⁵ on [0, 1], clamped outside.
@inline(__always)
func minimumJerk(_ s: Double) -> Double {
    let u = min(max(s, 0), 1)
    return u * u * u * (10 + u * (-15 + 6 * u))
}
