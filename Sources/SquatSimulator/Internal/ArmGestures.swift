/// Arm gestures while standing: raising the arm (pointing, reaching up, waving) and lowering
/// it again. The sensor's arm does it; body-worn sensors see only the small trunk movement
/// that goes with it.
///
/// Each gesture: raise in 0.5–1.2 s to 60–170° shoulder flexion, stay 1–3 s waving
/// (elbow ±25°, shoulder ±8° at 1–2.5 Hz), lower in 0.5–1.2 s; 1–4 s rest between. The trunk
/// leans back by 3 % of the arm's raise.
struct ArmGestures: Motion {
    let duration: Double
    let reps: [(start: Double, end: Double)] = []
    private let person: Person
    private let raise: KeyframeTrack
    private let waving: KeyframeTrack
    private let waveHz: Double

    init(settings s: SimulationSettings, person: Person, random: inout SplitMix64) {
        self.person = person
        waveHz = random.uniform(1...2.5)
        var raise = KeyframeTrack(start: 0), waving = KeyframeTrack(start: 0)
        var t = random.uniform(1...3)
        while t < s.duration - 4 {
            let up = random.uniform(0.5...1.2), stay = random.uniform(1...3), down = random.uniform(0.5...1.2)
            raise.hold(until: t); waving.hold(until: t + up * 0.5)
            raise.move(to: radians(random.uniform(60...170)), at: t + up)
            waving.move(to: random.uniform() < 0.6 ? 1 : 0, at: t + up)
            raise.hold(until: t + up + stay)
            waving.hold(until: t + up + stay)
            raise.move(to: 0, at: t + up + stay + down)
            waving.move(to: 0, at: t + up + stay + down * 0.5)
            t += up + stay + down + random.uniform(1...4)
        }
        duration = s.duration
        self.raise = raise
        self.waving = waving
    }

    func pose(at t: Double) -> BodyPose {
        var p = person.standing(at: t)
        let r = raise.value(at: t), w = waving.value(at: t)
        let wave = sine(2 * .pi * waveHz * t)
        p.shoulderFlexion += r + w * radians(8) * wave
        p.elbowFlexion += w * radians(25) * (1 + wave)
        person.lean(&p, by: p.trunkLean - 0.03 * r)
        return p
    }
}
