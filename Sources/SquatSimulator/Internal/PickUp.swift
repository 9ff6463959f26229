/// Bending down to pick something up from the floor and straightening again, every few
/// seconds: a stoop, not a squat.
///
/// The trunk leans 60–95° forward while the knees bend only a little (thigh flexion 12–35°,
/// shank tilt half of it, so the hip drops 2–10 cm and goes back); the arms hang towards the
/// floor (shoulder flexion ≈ trunk lean) and reach a little further. Down in 0.8–1.5 s, 0.4–1.5 s
/// at the bottom, up in 0.9–1.6 s, 2–7 s standing between bends.
///
/// The head looks at what the hand reaches for: bent over, the eyes are 0.8–1.0 m above an
/// object on the floor under or just ahead of them, 70–90° below the horizon, and the eyes
/// turn down 15–25° in the head at most, so the head tilts 45–75° forward from upright at the
/// bottom (where a squat's head, looking ahead, tilts with 30 % of the trunk's lean: 6–14°).
/// The gaze sets off with the bend and comes back up with the trunk.
struct PickUp: Motion {
    let duration: Double
    let reps: [(start: Double, end: Double)] = []
    private let person: Person
    private let bend: KeyframeTrack
    private let knees: KeyframeTrack
    /// Forward tilt of the head beyond the 30 % of the lean that ``Person/lean(_:by:)`` gives it.
    private let gaze: KeyframeTrack

    init(settings s: SimulationSettings, person: Person, random: inout SplitMix64) {
        self.person = person
        var bend = KeyframeTrack(start: 0), knees = KeyframeTrack(start: 0)
        var bends: [(start: Double, down: Double, hold: Double, up: Double, lean: Double)] = []
        var t = random.uniform(1...3)
        while t < s.duration - 5 {
            let down = random.uniform(0.8...1.5), hold = random.uniform(0.4...1.5), up = random.uniform(0.9...1.6)
            let lean = radians(random.uniform(60...95))
            bend.hold(until: t); knees.hold(until: t)
            bend.move(to: lean, at: t + down)
            knees.move(to: radians(random.uniform(12...35)), at: t + down)
            bend.hold(until: t + down + hold); knees.hold(until: t + down + hold)
            bend.move(to: 0, at: t + down + hold + up)
            knees.move(to: 0, at: t + down + hold + up)
            bends.append((t, down, hold, up, lean))
            t += down + hold + up + random.uniform(2...7)
        }
        // Drawn after the bends, from a stream of its own, so that every other site's recording
        // of a seed is what it was before the head looked down.
        var gazeRandom = random.split()
        var gaze = KeyframeTrack(start: 0)
        for b in bends {
            gaze.hold(until: b.start)
            gaze.move(to: radians(gazeRandom.uniform(45...75)) - 0.3 * b.lean, at: b.start + b.down)
            gaze.hold(until: b.start + b.down + b.hold)
            gaze.move(to: 0, at: b.start + b.down + b.hold + b.up)
        }
        duration = s.duration
        self.bend = bend
        self.knees = knees
        self.gaze = gaze
    }

    func pose(at t: Double) -> BodyPose {
        var p = person.standing(at: t)
        let lean = bend.value(at: t)
        person.bendLegs(&p, by: knees.value(at: t), shankRatio: 0.5)
        person.lean(&p, by: p.trunkLean + lean)
        p.headTilt += gaze.value(at: t)
        p.shoulderFlexion += 1.1 * lean
        return p
    }
}
