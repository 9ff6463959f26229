/// Walking about: bouts of 3–9 s of level walking separated by 1–4 s standing.
///
/// Gait is periodic in the phase φ = 2πt/T_stride (T_stride 0.95–1.25 s), its amplitude
/// scaled by an envelope e(t) that rises and falls along minimum-jerk paths at the start and
/// end of each bout. For the leg that carries the sensor (textbook sagittal gait curves,
/// Winter 2009, ch. 4, simplified to harmonics):
/// - thigh flexion θ = θ₀ + e·(7° + 17°·sin φ)
/// - knee flexion κ = e·(60°·b(φ − 0.8) + 15°·b(φ − 0.8 − π)), b(x) = ((1 + cos x)/2)⁴
///   (the swing-phase peak and the stance-phase bump); shank tilt = κ − θ
/// - hip: forward at ~1.3 m/stride with the same envelope, 4 cm vertical and 1.5 cm fore-aft
///   oscillation at twice the stride frequency, 2 cm side-to-side at the stride frequency
/// - arms swing opposite to the same-side leg, ±20° at the shoulder
/// - at each heel strike (φ = π/2 and 3π/2) the body rings: a vertical displacement
///   d(τ) = (2A/ω²)·e^(−τ/0.04 s)·sin²(ωτ/2), τ = time since the strike, ω = 2π·12 Hz, so the
///   acceleration jumps to +A (3–6 m/s² per person, scaled by e) and dies out in ~0.1 s, with
///   30 % of it fore-aft. d and d′ are 0 at the strike, so only the acceleration jumps; the
///   ring ends at τ = 1/3 s, a zero of d and d′, where what is left of A is e^(−8.3) ≈ 2·10⁻⁴.
struct Walking: Motion {
    let duration: Double
    let reps: [(start: Double, end: Double)] = []
    private let person: Person
    private let stride: Double
    private let envelope: KeyframeTrack
    private let distance: KeyframeTrack
    private let impact: Double

    init(settings s: SimulationSettings, person: Person, random: inout SplitMix64) {
        self.person = person
        stride = random.uniform(0.95...1.25)
        let strideLength = random.uniform(1.1...1.5)
        impact = random.uniform(3...6)
        var envelope = KeyframeTrack(start: 0), distance = KeyframeTrack(start: 0)
        var t = random.uniform(1...3)
        while t < s.duration - 3 {
            let bout = min(random.uniform(3...9), s.duration - 1 - t)
            let ramp = min(0.8, bout / 3)
            envelope.hold(until: t)
            envelope.move(to: 1, at: t + ramp)
            envelope.hold(until: t + bout - ramp)
            envelope.move(to: 0, at: t + bout)
            // Distance along minimum jerk: mean speed = bout's distance / bout.
            distance.hold(until: t)
            distance.move(to: distance.lastValue + strideLength / stride * (bout - ramp), at: t + bout)
            t += bout + random.uniform(1...4)
        }
        duration = s.duration
        self.envelope = envelope
        self.distance = distance
    }

    func pose(at t: Double) -> BodyPose {
        var p = person.standing(at: t)
        let e = envelope.value(at: t)
        let phi = 2 * .pi * t / stride
        func bump(_ x: Double) -> Double { let c = (1 + cosine(x)) / 2; return c * c * c * c }
        p.thighFlexion += e * (radians(7) + radians(17) * sine(phi))
        let knee = e * (radians(60) * bump(phi - 0.8) + radians(15) * bump(phi - 0.8 - .pi))
        p.shankTilt = 1.5 * person.standingFlexion + knee - p.thighFlexion
        p.hip.x += distance.value(at: t) + e * 0.015 * sine(2 * phi)
        p.hip.y += e * 0.02 * sine(phi)
        p.hip.z -= e * 0.02 * (1 + cosine(2 * phi))
        let step = stride / 2, sinceStrike = (t - stride / 4).truncatingRemainder(dividingBy: step)
        // Cut where the ring is at a zero of sin² (k/12 s), with its velocity 0 too: cut at
        // 0.3 s, where it was still ~1e-6 m, the position's step made a ±0.6 m/s² blip at 1 kHz.
        if t > stride / 4, sinceStrike < 4.0 / 12 {
            let omega = 2 * .pi * 12.0, ring = sine(omega * sinceStrike / 2)
            let strength = envelope.value(at: t - sinceStrike) * impact
            let d = 2 * strength / (omega * omega) * exponential(-sinceStrike / 0.04) * ring * ring
            p.hip.z += d
            p.hip.x -= 0.3 * d
        }
        person.lean(&p, by: p.trunkLean + e * radians(1.5) * sine(2 * phi))
        p.shoulderFlexion -= e * radians(20) * sine(phi)
        p.elbowFlexion += e * radians(10) * (1 - sine(phi))
        return p
    }
}
