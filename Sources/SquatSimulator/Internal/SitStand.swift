/// Sitting down on a chair and standing up again, repeated: no squat is counted here.
///
/// Uses the leg model of ``SquatSet`` with the shank nearly vertical (r = 0.08–0.18: the feet
/// stay under the knees) down to a seat that puts the thighs at 80–95°. What tells it from a
/// squat: the person *stays* seated 4–12 s with the trunk upright or leaning back (−8…+8°),
/// and before standing up leans forward 40–55° over 0.6–1 s while the hips stay on the seat.
/// Sitting down takes 1–1.8 s, standing up 1–1.6 s, with 2–5 s standing in between.
struct SitStand: Motion {
    let duration: Double
    let reps: [(start: Double, end: Double)] = []
    private let person: Person
    private let shankRatio: Double
    private let flexion: KeyframeTrack
    private let lean: KeyframeTrack
    private let fidget: SmoothNoise

    init(settings s: SimulationSettings, person: Person, random: inout SplitMix64) {
        self.person = person
        shankRatio = random.uniform(0.08...0.18)
        let seatBend = radians(random.uniform(80...95)) - person.standingFlexion
        var bend = KeyframeTrack(start: 0), lean = KeyframeTrack(start: 0)
        var t = random.uniform(1...3)
        while t < s.duration - 8 {
            let down = random.uniform(1.0...1.8), seated = random.uniform(4...12)
            let prepare = random.uniform(0.6...1.0), up = random.uniform(1.0...1.6)
            let downLean = radians(random.uniform(30...45)), seatedLean = radians(random.uniform(-8...8))
            bend.hold(until: t); lean.hold(until: t)
            bend.move(to: seatBend, at: t + down)
            lean.move(to: downLean, at: t + down)
            lean.move(to: seatedLean, at: t + down + 1.0)
            let standUp = t + down + seated
            bend.hold(until: standUp)
            lean.hold(until: standUp - prepare)
            lean.move(to: radians(random.uniform(40...55)), at: standUp)
            bend.move(to: 0, at: standUp + up)
            lean.move(to: 0, at: standUp + up)
            t = standUp + up + random.uniform(2...5)
        }
        duration = s.duration
        flexion = bend
        self.lean = lean
        fidget = SmoothNoise(rms: radians(2), band: 0.1...0.6, random: &random)
    }

    func pose(at t: Double) -> BodyPose {
        var p = person.standing(at: t)
        let bend = flexion.value(at: t)
        person.bendLegs(&p, by: bend, shankRatio: shankRatio)
        let seated = min(bend / radians(75), 1)
        let extraLean = lean.value(at: t) + seated * fidget.value(at: t)
        person.lean(&p, by: p.trunkLean + extraLean)
        p.shoulderFlexion += extraLean   // the arms hang as the trunk leans
        return p
    }
}
