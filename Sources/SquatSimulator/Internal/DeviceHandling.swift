import SquatCore

/// Standing still while handling the device: turning a phone or controller in the hand,
/// adjusting a phone in a pocket or a band, shifting weight.
///
/// In bursts of 2–6 s separated by 1–4 s of stillness, the device turns relative to its
/// segment by a smooth random rotation vector (0.1–1.5 Hz) and shifts by a smooth random
/// displacement (0.1–1 Hz). Sizes (rms per axis) by placement: hand and wrist 0.5 rad and
/// 6 cm (the hand is free), upper arm 0.2 rad and 2 cm, body-worn 0.12 rad and 1.5 cm.
/// Meanwhile the person shifts weight: knee ±3°, trunk ±3° at 0.05–0.4 Hz.
struct DeviceHandling: Motion {
    let duration: Double
    let reps: [(start: Double, end: Double)] = []
    private let person: Person
    private let activity: KeyframeTrack
    private let turn: [SmoothNoise], shift: [SmoothNoise]
    private let knee: SmoothNoise, lean: SmoothNoise
    private let holdsInFront: Bool

    init(settings s: SimulationSettings, person: Person, random: inout SplitMix64) {
        self.person = person
        let (turnRMS, shiftRMS): (Double, Double)
        switch s.placement {
        case .hand, .wrist: (turnRMS, shiftRMS) = (0.5, 0.06)
        case .upperArm: (turnRMS, shiftRMS) = (0.2, 0.02)
        default: (turnRMS, shiftRMS) = (0.12, 0.015)
        }
        holdsInFront = s.placement == .hand || s.placement == .wrist
        turn = (0..<3).map { _ in SmoothNoise(rms: turnRMS, band: 0.1...1.5, random: &random) }
        shift = (0..<3).map { _ in SmoothNoise(rms: shiftRMS, band: 0.1...1.0, random: &random) }
        knee = SmoothNoise(rms: radians(2), band: 0.05...0.4, random: &random)
        lean = SmoothNoise(rms: radians(2), band: 0.05...0.4, random: &random)
        var activity = KeyframeTrack(start: 0)
        var t = random.uniform(0.5...2)
        while t < s.duration - 1 {
            activity.hold(until: t)
            activity.move(to: 1, at: t + 0.4)
            let burst = random.uniform(2...6)
            activity.hold(until: t + burst)
            activity.move(to: 0, at: t + burst + 0.4)
            t += burst + 0.4 + random.uniform(1...4)
        }
        self.activity = activity
        duration = s.duration
    }

    func pose(at t: Double) -> BodyPose {
        var p = person.standing(at: t)
        let a = activity.value(at: t)
        p.deviceTurn = a * Vector3(turn[0].value(at: t), turn[1].value(at: t), turn[2].value(at: t))
        p.deviceShift = a * Vector3(shift[0].value(at: t), shift[1].value(at: t), shift[2].value(at: t))
        person.bendLegs(&p, by: knee.value(at: t), shankRatio: 0.5)
        person.lean(&p, by: p.trunkLean + lean.value(at: t))
        if holdsInFront {
            // Looking at the device: forearm raised in front of the chest.
            p.shoulderFlexion = radians(35)
            p.elbowFlexion = radians(85)
        }
        return p
    }
}
