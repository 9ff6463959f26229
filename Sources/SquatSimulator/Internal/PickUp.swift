/// Bending down to pick something up from the floor and straightening again, every few
/// seconds: a stoop, not a squat.
///
/// The trunk leans 60–95° forward while the knees bend only a little (thigh flexion 12–35°,
/// shank tilt half of it, so the hip drops 2–10 cm and goes back); the arms hang towards the
/// floor (shoulder flexion ≈ trunk lean) and reach a little further. Down in 0.8–1.5 s, 0.4–1.5 s
/// at the bottom, up in 0.9–1.6 s, 2–7 s standing between bends.
struct PickUp: Motion {
    let duration: Double
    let reps: [(start: Double, end: Double)] = []
    private let person: Person
    private let bend: KeyframeTrack
    private let knees: KeyframeTrack

    init(settings s: SimulationSettings, person: Person, random: inout SplitMix64) {
        self.person = person
        var bend = KeyframeTrack(start: 0), knees = KeyframeTrack(start: 0)
        var t = random.uniform(1...3)
        while t < s.duration - 5 {
            let down = random.uniform(0.8...1.5), hold = random.uniform(0.4...1.5), up = random.uniform(0.9...1.6)
            bend.hold(until: t); knees.hold(until: t)
            bend.move(to: radians(random.uniform(60...95)), at: t + down)
            knees.move(to: radians(random.uniform(12...35)), at: t + down)
            bend.hold(until: t + down + hold); knees.hold(until: t + down + hold)
            bend.move(to: 0, at: t + down + hold + up)
            knees.move(to: 0, at: t + down + hold + up)
            t += down + hold + up + random.uniform(2...7)
        }
        duration = s.duration
        self.bend = bend
        self.knees = knees
    }

    func pose(at t: Double) -> BodyPose {
        var p = person.standing(at: t)
        let lean = bend.value(at: t)
        person.bendLegs(&p, by: knees.value(at: t), shankRatio: 0.5)
        person.lean(&p, by: p.trunkLean + lean)
        p.shoulderFlexion += 1.1 * lean
        return p
    }
}
