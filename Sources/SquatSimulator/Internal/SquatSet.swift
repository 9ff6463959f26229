/// A set of squats: a two-segment leg whose thigh angle, and with it the hip's height, goes
/// down and up once per rep.
///
/// For rep i the thigh flexion θ goes from standing (θ₀, 2–6°) to θᵢ and back along
/// minimum-jerk paths (see ``KeyframeTrack``): descent in fᵢ·Tᵢ seconds, a pause of Bᵢ at
/// the bottom, ascent in (1 − fᵢ)·Tᵢ, then a pause of Pᵢ standing. Tᵢ = T·e^(v·N),
/// fᵢ = 0.5 ± 0.04, Bᵢ and Pᵢ vary likewise, and θᵢ = θ·e^(v·N/2), where T is the tempo,
/// θ the depth and v the variation of ``SimulationSettings``.
///
/// The leg is two rigid segments (shank L_s, thigh L_t) with the ankle fixed at the origin.
/// The shank tilts forward by r times the thigh's flexion (r, 0.35–0.55 per person, is how far
/// the knees travel forward), so the hip's trajectory is
///     h(t) = L_s·cos(rθ) + L_t·cos θ   (height above the ankle)
///     x(t) = L_s·sin(rθ) − L_t·sin θ   (fore-aft: the hips go back as the knees go forward)
/// The angle, not the height, is what moves along the minimum-jerk path: near straight knees
/// dh/dθ → 0, so a smooth height path would need the knee to start infinitely fast; driving θ
/// keeps h(t) C² and gives the hip the down (−), brake (+), push (+), slow (−) vertical
/// acceleration of a real rep. For a parallel squat it peaks at ≈ 8·Dᵢ/(fᵢTᵢ)²,
/// Dᵢ = h(θ₀) − h(θᵢ) (≈ 0.5 m): 1.4× a minimum-jerk path of the hip itself and 1.7× a
/// sinusoid, because h changes slowly while the knees are nearly straight and fast near
/// parallel.
/// The trunk leans forward by λᵢ·θ/90° on top of its standing lean (λ, 20–45° per person, the
/// lean at parallel, ±v per rep); the arms keep their direction in the world while the trunk
/// leans (shoulder flexion grows by the same angle) and rise forward by
/// ``ArmPosture/squatRaise``·(θ/90°)², late in the descent and early in the ascent, as in the
/// real upper-arm recordings.
struct SquatSet: Motion {
    let duration: Double
    let reps: [(start: Double, end: Double)]
    private let person: Person
    private let shankRatio: Double
    private let leanAtParallel: Double
    private let flexion: KeyframeTrack
    private let leanScale: KeyframeTrack
    private let handsOnBar: Bool

    init(settings s: SimulationSettings, person: Person, random: inout SplitMix64) {
        self.person = person
        handsOnBar = s.placement == .wrist
        shankRatio = random.uniform(0.35...0.55)
        leanAtParallel = radians(random.uniform(20...45))
        var bend = KeyframeTrack(start: 0), scale = KeyframeTrack(start: 1)
        var reps: [(start: Double, end: Double)] = []
        var t = random.uniform(0.6...2.5)
        let v = s.variation
        for i in 0..<s.reps {
            let tempo = s.tempo * random.logNormalFactor(v)
            let descentShare = min(max(0.5 + 0.04 * random.normal(), 0.38), 0.62)
            let depth = radians(min(max(s.depth * random.logNormalFactor(v / 2), 10), 130))
            let bottomPause = s.bottomPause * random.logNormalFactor(2 * v)
            let leanFactor = random.logNormalFactor(v)
            bend.hold(until: t); scale.hold(until: t)
            bend.move(to: depth - person.standingFlexion, at: t + descentShare * tempo)
            scale.move(to: leanFactor, at: t + descentShare * tempo)
            bend.hold(until: bend.lastTime + bottomPause)
            bend.move(to: 0, at: bend.lastTime + (1 - descentShare) * tempo)
            reps.append((t, bend.lastTime))
            t = bend.lastTime
            if i < s.reps - 1 { t += s.topPause * random.logNormalFactor(2 * v) }
        }
        duration = t + random.uniform(1.0...2.5)
        flexion = bend
        leanScale = scale
        self.reps = reps
    }

    func pose(at t: Double) -> BodyPose {
        var p = person.standing(at: t)
        let bend = flexion.value(at: t)
        person.bendLegs(&p, by: bend, shankRatio: shankRatio)
        let progress = (person.standingFlexion + bend) / (.pi / 2)
        let extraLean = leanAtParallel * leanScale.value(at: t) * progress
        person.lean(&p, by: p.trunkLean + extraLean)
        // The arms keep their direction in the world as the trunk leans (they hang, or stay
        // pointing forward), and rise with the depth.
        p.shoulderFlexion += extraLean + person.arms.squatRaise * progress * progress
        p.handsOnBar = handsOnBar
        return p
    }
}
