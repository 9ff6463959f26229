/// A set of squats: a two-segment leg whose thigh angle, and with it the hip's height, goes
/// down and up once per rep.
///
/// For rep i the thigh flexion θ goes from standing (θ₀, 2–6°) to θᵢ and back along smooth
/// quintic paths (see ``KeyframeTrack``): descent in fᵢ·Tᵢ seconds, a pause of Bᵢ at the
/// bottom, ascent in (1 − fᵢ)·Tᵢ, then a pause of Pᵢ standing. Tᵢ = T·e^(v·N),
/// fᵢ = 0.5 + (v/2)·N (within 0.38–0.62), Bᵢ and Pᵢ vary likewise, and θᵢ = θ·e^(v·N/2),
/// where T is the tempo, θ the depth and v the variation of ``SimulationSettings``.
/// Without a pause the leg turns around rather than stopping: at the bottom θ has velocity 0
/// but the acceleration −(π²/2)·Δθ/(τ_down·τ_up) of half a cosine, so braking and pushing up
/// are one continuous upward acceleration, as on the real waist and wrist recordings (a
/// minimum-jerk stop at the bottom would show two humps with |a| back at g between them, which
/// only a paused squat has); likewise at the top between reps without a pause.
///
/// The leg is two rigid segments (shank L_s, thigh L_t) with the ankle fixed at the origin.
/// The shank tilts forward by r times the thigh's flexion (r, 0.35–0.55 per person, is how far
/// the knees travel forward), so the hip's trajectory is
///     h(t) = L_s·cos(rθ) + L_t·cos θ   (height above the ankle)
///     x(t) = L_s·sin(rθ) − L_t·sin θ   (fore-aft: the hips go back as the knees go forward)
/// The angle, not the height, is what moves along the minimum-jerk path: near straight knees
/// dh/dθ → 0, so a smooth height path would need the knee to start infinitely fast; driving θ
/// keeps h(t) C² and gives the hip the down (−), brake (+), push (+), slow (−) vertical
/// acceleration of a real rep. For a parallel squat turning around at the bottom, the upward
/// acceleration there is ≈ L_t·(π²/2)·Δθ/τ² (≈ 3 m/s² for τ = 1 s, 2 s per rep; the real
/// waist recordings show +3…+4 m/s² at that tempo).
/// A person cannot squat faster than gravity lets them fall: the feet only push on the floor, so
/// the hips accelerate downward by less than g, and a squatter who stays on the feet by less
/// still (``steepestFall``). A rep whose path would need more, going down or slowing at the
/// top, is slowed as a person would be: its descent and ascent stretch together until it fits.
/// Fast tempos therefore make shallow reps at the tempo asked and deep ones a little slower;
/// the rep times in the metadata are the ones simulated.
/// The trunk leans forward by λᵢ·θ/90° on top of its standing lean (λ, 20–45° per person, the
/// lean at parallel, ±v per rep); the arms keep their direction in the world while the trunk
/// leans (shoulder flexion grows by the same angle) and rise forward by ``ArmPosture/squatRaise``:
/// a free arm for balance as the hips go back (``armRise(thighFlexion:)``), fully once the hips
/// are as far back as they go, as in the real upper-arm recordings; hands holding a controller
/// in proportion to the thigh's flexion, fully at parallel.
struct SquatSet: Motion {
    let duration: Double
    let reps: [(start: Double, end: Double)]
    private let person: Person
    private let shankRatio: Double
    /// The thigh flexion at which the hip is furthest behind the ankle, rad, and how far behind
    /// the ankle the hip is while standing and at that flexion, m (see ``armRise(thighFlexion:)``).
    private let furthestBack: Double
    private let hipBack: (standing: Double, furthest: Double)
    private let leanAtParallel: Double
    private let flexion: KeyframeTrack
    private let leanScale: KeyframeTrack
    private let handsOnBar: Bool

    init(settings s: SimulationSettings, person: Person, random: inout SplitMix64) {
        self.person = person
        handsOnBar = s.placement == .wrist
        shankRatio = random.uniform(0.35...0.55)
        furthestBack = SquatSet.furthestBack(of: person.body, shankRatio: shankRatio)
        hipBack = (SquatSet.hipBehindAnkle(person.body, thighFlexion: person.standingFlexion, shankRatio: shankRatio),
                   SquatSet.hipBehindAnkle(person.body, thighFlexion: furthestBack, shankRatio: shankRatio))
        leanAtParallel = radians(random.uniform(20...45))
        var bend = KeyframeTrack(start: 0), scale = KeyframeTrack(start: 1)
        var reps: [(start: Double, end: Double)] = []
        var t = random.uniform(0.6...2.5)
        let v = s.variation
        // Half a cosine of amplitude Δ over a descent of Dd and an ascent of Du turns around
        // with acceleration (π²/2)·Δ/(Dd·Du); see ``KeyframeTrack``.
        let turnaround = Double.pi * Double.pi / 2
        var previousAscent = 0.0
        for i in 0..<s.reps {
            let tempo = s.tempo * random.logNormalFactor(v)
            let descentShare = min(max(0.5 + 0.5 * v * random.normal(), 0.38), 0.62)
            let depth = radians(min(max(s.depth * random.logNormalFactor(v / 2), 10), 130))
            let bottomPause = s.bottomPause * random.logNormalFactor(2 * v)
            let leanFactor = random.logNormalFactor(v)
            let drop = depth - person.standingFlexion
            // From the last keyframe before this rep changes it (the bottom of the previous rep
            // when this one follows without a pause at the top).
            let checkFrom = bend.times.count > 2 ? bend.times[bend.times.count - 2] : t
            let turnsAtTop = !(t > bend.lastTime || i == 0)
            var stretch = 1.0, attempt = bend, descent = 0.0, ascent = 0.0
            for _ in 0..<8 {
                attempt = bend
                descent = descentShare * tempo * stretch
                ascent = (1 - descentShare) * tempo * stretch
                if turnsAtTop {
                    // No pause at the top: the last ascent turns straight into this descent.
                    attempt.turn(acceleration: turnaround * drop / (previousAscent * descent))
                } else {
                    attempt.hold(until: t)
                }
                attempt.move(to: drop, at: t + descent,
                             acceleration: bottomPause > 0 ? 0 : -turnaround * drop / (descent * ascent))
                if bottomPause > 0 { attempt.hold(until: attempt.lastTime + bottomPause) }
                attempt.move(to: 0, at: attempt.lastTime + ascent)
                let fall = SquatSet.steepestFall(of: attempt, from: checkFrom, to: attempt.lastTime,
                                                  person: person, shankRatio: shankRatio)
                if fall <= SquatSet.steepestFall { break }
                // Accelerations scale as 1/stretch² (a little less where the previous ascent,
                // which keeps its length, takes part): aim a hair beyond.
                stretch *= (fall / SquatSet.steepestFall).squareRoot() * 1.01
            }
            bend = attempt
            scale.hold(until: t)
            scale.move(to: leanFactor, at: t + descent)
            previousAscent = ascent
            reps.append((t, bend.lastTime))
            t = bend.lastTime
            if i < s.reps - 1 { t += s.topPause * random.logNormalFactor(2 * v) }
        }
        duration = t + random.uniform(1.0...2.5)
        flexion = bend
        leanScale = scale
        self.reps = reps
    }

    /// The steepest downward acceleration a squatter's hips make, m/s²: 0.8 g. At g the feet
    /// would carry no weight (a free fall, which nobody squatting lets happen); the fastest real
    /// reps here (squat-imu waist, 1.7 s per rep) read |a| − |g| down to −0.63 g, low-passed.
    static let steepestFall = 0.8 * 9.81

    /// The largest downward acceleration of the hip joint along `track`'s thigh flexion between
    /// `start` and `end` (seconds), m/s², from its height sampled every millisecond.
    private static func steepestFall(of track: KeyframeTrack, from start: Double, to end: Double,
                                     person: Person, shankRatio: Double) -> Double {
        let dt = 0.001
        func height(_ t: Double) -> Double {
            let theta = person.standingFlexion + track.value(at: t)
            return person.body.hipHeight(thighFlexion: theta, shankTilt: shankRatio * theta)
        }
        var fall = 0.0, t = start
        var previous = height(t - dt), current = height(t)
        while t < end {
            let next = height(t + dt)
            fall = max(fall, -(next - 2 * current + previous) / (dt * dt))
            previous = current; current = next; t += dt
        }
        return fall
    }

    /// The thigh flexion, rad, at which a leg whose shank tilts by `shankRatio` of the thigh's
    /// flexion has its hip furthest behind the ankle: where L_thigh·cos θ = r·L_shank·cos(rθ),
    /// 63–72° for r = 0.55–0.35 (found by bisection; the left side less the right falls
    /// from L_thigh − r·L_shank > 0 at 0 to below 0 at 90°).
    private static func furthestBack(of body: Body, shankRatio r: Double) -> Double {
        var low = 0.0, high = Double.pi / 2
        for _ in 0..<50 {
            let mid = (low + high) / 2
            if body.thigh * cosine(mid) > r * body.shank * cosine(r * mid) { low = mid } else { high = mid }
        }
        return low
    }

    /// How far the arms have risen for balance at thigh flexion `theta` (rad), as a fraction of
    /// ``ArmPosture/squatRaise``: the hip's travel back from standing over its travel to where
    /// it is furthest back, 1 from there on. A squatter's centre of mass must stay over the
    /// feet; the arms go forward as the hips go back. The hips go back fastest early in the
    /// descent (as sin θ, while the knees have yet to come forward) and furthest at 63–72° of
    /// thigh flexion; deeper, the knees' travel forward takes the hips back towards the ankle
    /// and the trunk's lean carries the balance, and the arms stay up. The real upper-arm reps
    /// (shared/recordings/dev, exermote: 290 reps of two people at 2.5 s per rep) are half
    /// squats by how far the phone goes down, and turn it as far as deep ones would: 0.28 m
    /// and 81° in the median (95 % 65° or more), where the simulated sets at the same rate and
    /// tempo, read the same way, go down 0.17, 0.34 and 0.55 m at 60, 75 and 90° and turn it
    /// 78, 82 and 83° with this rule (46, 58 and 70° with the arm rising as θ/90°, which no
    /// depth matched: 0.26 m at 46°, 0.56 m at 70°). Smooth: the travel's slope is 0 where it
    /// is furthest back.
    private func armRise(thighFlexion theta: Double) -> Double {
        guard theta < furthestBack else { return 1 }
        let back = SquatSet.hipBehindAnkle(person.body, thighFlexion: theta, shankRatio: shankRatio)
        return max(back - hipBack.standing, 0) / (hipBack.furthest - hipBack.standing)
    }

    /// How far behind the ankle the hip is at thigh flexion `theta` (rad), the shank tilting by
    /// `shankRatio` of it, m.
    private static func hipBehindAnkle(_ body: Body, thighFlexion theta: Double, shankRatio: Double) -> Double {
        body.hipBehindAnkle(thighFlexion: theta, shankTilt: shankRatio * theta)
    }

    func pose(at t: Double) -> BodyPose {
        var p = person.standing(at: t)
        let bend = flexion.value(at: t)
        person.bendLegs(&p, by: bend, shankRatio: shankRatio)
        let progress = (person.standingFlexion + bend) / (.pi / 2)
        let extraLean = leanAtParallel * leanScale.value(at: t) * progress
        person.lean(&p, by: p.trunkLean + extraLean)
        // The arms keep their direction in the world as the trunk leans (they hang, or stay
        // pointing forward), and rise as the hips go back.
        let rise = person.arms.swingsForBalance ? armRise(thighFlexion: person.standingFlexion + bend) : progress
        p.shoulderFlexion += extraLean + person.arms.squatRaise * rise
        p.handsOnBar = handsOnBar
        return p
    }
}
