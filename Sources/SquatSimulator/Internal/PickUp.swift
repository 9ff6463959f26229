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
///
/// A hand holding a controller (``ArmPosture``, held in front) is not the hand that picks up:
/// it lets go of its held pose and hangs from the shoulder as the trunk bends (upper arm
/// 0–15° forward of vertical, elbow bent 15–40°, as a relaxed arm hangs), and goes back to
/// where it was held as the person straightens. (Until November 2026 it kept its direction in
/// the world all through the bend, the shoulder turning by exactly the trunk's lean, which
/// nobody bent over and looking at the floor does for a device they are not looking at; the
/// free arm always hung.) Drawn from a stream of its own, after the gaze's, so every other
/// site's recording of a seed is what it was.
struct PickUp: Motion {
    let duration: Double
    let reps: [(start: Double, end: Double)] = []
    private let person: Person
    private let bend: KeyframeTrack
    private let knees: KeyframeTrack
    /// Forward tilt of the head beyond the 30 % of the lean that ``Person/lean(_:by:)`` gives it.
    private let gaze: KeyframeTrack
    /// For a held controller: shoulder and elbow flexion beyond the bend's own, which let the
    /// arm hang at the bottom of each bend; 0 for a free arm, which hangs already.
    private let heldShoulder: KeyframeTrack, heldElbow: KeyframeTrack

    init(settings s: SimulationSettings, person: Person, random: inout SplitMix64) {
        self.person = person
        var bend = KeyframeTrack(start: 0), knees = KeyframeTrack(start: 0)
        var bends: [Bend] = []
        var t = random.uniform(1...3)
        while t < s.duration - 5 {
            let down = random.uniform(0.8...1.5), hold = random.uniform(0.4...1.5), up = random.uniform(0.9...1.6)
            let b = Bend(start: t, down: down, hold: hold, up: up, lean: radians(random.uniform(60...95)))
            bend.follow(b, to: b.lean)
            knees.follow(b, to: radians(random.uniform(12...35)))
            bends.append(b)
            t += down + hold + up + random.uniform(2...7)
        }
        // Drawn after the bends, from a stream of its own, so that every other site's recording
        // of a seed is what it was before the head looked down.
        var gazeRandom = random.split()
        var gaze = KeyframeTrack(start: 0)
        for b in bends {
            gaze.follow(b, to: radians(gazeRandom.uniform(45...75)) - 0.3 * b.lean)
        }
        var armRandom = gazeRandom.split()
        var heldShoulder = KeyframeTrack(start: 0), heldElbow = KeyframeTrack(start: 0)
        if !person.arms.swingsForBalance {
            // World angle of the held upper arm, forward from hanging; `pose` adds 1.1 × the
            // lean to the shoulder, which alone would keep it so (plus 0.1 × the lean).
            let held = person.arms.restingFlexion - person.standingLean
            for b in bends {
                heldShoulder.follow(b, to: radians(armRandom.uniform(0...15)) - held - 0.1 * b.lean)
                heldElbow.follow(b, to: radians(armRandom.uniform(15...40)) - person.arms.elbowFlexion)
            }
        }
        duration = s.duration
        self.bend = bend
        self.knees = knees
        self.gaze = gaze
        self.heldShoulder = heldShoulder
        self.heldElbow = heldElbow
    }

    func pose(at t: Double) -> BodyPose {
        var p = person.standing(at: t)
        let lean = bend.value(at: t)
        person.bendLegs(&p, by: knees.value(at: t), shankRatio: 0.5)
        person.lean(&p, by: p.trunkLean + lean)
        p.headTilt += gaze.value(at: t)
        p.shoulderFlexion += 1.1 * lean + heldShoulder.value(at: t)
        p.elbowFlexion += heldElbow.value(at: t)
        return p
    }
}

/// One bend to the floor: it sets off at `start`, is down after `down` seconds, stays `hold`
/// seconds and is up again `up` seconds later, the trunk leaning `lean` radians at the bottom.
private struct Bend {
    let start: Double, down: Double, hold: Double, up: Double, lean: Double
}

private extension KeyframeTrack {
    /// Moves to `value` as the bend goes down, holds it at the bottom, and comes back to 0 as
    /// the person straightens: every part of the body that a bend moves follows its timing.
    mutating func follow(_ b: Bend, to value: Double) {
        hold(until: b.start)
        move(to: value, at: b.start + b.down)
        hold(until: b.start + b.down + b.hold)
        move(to: 0, at: b.start + b.down + b.hold + b.up)
    }
}
