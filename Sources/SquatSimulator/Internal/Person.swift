import SquatCore

/// One simulated person: body size, how they stand, how they hold their arms, and the small
/// involuntary motion of standing (postural sway), all drawn once per recording.
struct Person: Sendable {
    var body: Body
    /// Thigh flexion when standing, rad (knees not locked straight: 2–6°).
    var standingFlexion: Double
    /// Forward trunk lean when standing, rad (0–6°).
    var standingLean: Double
    /// Arm posture when not moving the arms on purpose (see ``ArmPosture``).
    var arms: ArmPosture
    /// Postural sway: trunk lean (rms 0.8°), hip fore-aft (rms 4 mm) and knee bend (rms 0.5°),
    /// 0.05–0.5 Hz, the band of quiet-standing sway.
    var leanSway: SmoothNoise, hipSway: SmoothNoise, kneeSway: SmoothNoise

    init(placement: Placement, random: inout SplitMix64) {
        body = Body(height: random.uniform(1.55...1.95))
        standingFlexion = radians(random.uniform(2...6))
        standingLean = radians(random.uniform(0...6))
        arms = ArmPosture(placement: placement, random: &random)
        leanSway = SmoothNoise(rms: radians(0.8), band: 0.05...0.5, random: &random)
        hipSway = SmoothNoise(rms: 0.004, band: 0.05...0.5, random: &random)
        kneeSway = SmoothNoise(rms: radians(0.5), band: 0.05...0.5, random: &random)
    }

    /// Standing still: the pose every activity starts from, with sway.
    func standing(at t: Double) -> BodyPose {
        var p = BodyPose()
        p.thighFlexion = standingFlexion + kneeSway.value(at: t)
        p.shankTilt = 0.5 * p.thighFlexion
        p.hip = Vector3(hipSway.value(at: t), 0, body.hipHeight(thighFlexion: p.thighFlexion, shankTilt: p.shankTilt))
        lean(&p, by: standingLean + leanSway.value(at: t))
        p.shoulderFlexion = arms.restingFlexion
        p.elbowFlexion = arms.elbowFlexion
        return p
    }

    /// Bends the legs `extra` radians of thigh flexion beyond standing, the ankle staying where
    /// it is: shank tilt = r·θ, and the hip moves to
    ///     h = L_s·cos(rθ) + L_t·cos θ,   x = L_s·sin(rθ) − L_t·sin θ
    /// (relative to standing; the hips go back as the knees go forward). The postural sway
    /// already in `p` stays on top.
    func bendLegs(_ p: inout BodyPose, by extra: Double, shankRatio r: Double) {
        let sway = p.thighFlexion - standingFlexion
        let theta = standingFlexion + extra
        p.thighFlexion = theta + sway
        p.shankTilt = r * theta
        p.hip.x -= body.hipBehindAnkle(thighFlexion: p.thighFlexion, shankTilt: p.shankTilt)
            - body.hipBehindAnkle(thighFlexion: standingFlexion, shankTilt: 0.5 * standingFlexion)
        p.hip.z = body.hipHeight(thighFlexion: p.thighFlexion, shankTilt: p.shankTilt)
    }

    /// Sets the trunk lean and the angles that follow it: the pelvis tilts with ~60 % of the
    /// trunk's lean (the rest is lumbar flexion) and the head with ~30 % (people keep looking
    /// ahead).
    func lean(_ p: inout BodyPose, by lean: Double) {
        p.trunkLean = lean
        p.pelvisTilt = 0.6 * lean
        p.headTilt = 0.3 * lean
    }
}

/// How the arms are held, by placement: a phone on the upper arm or a band on the wrist of a
/// free arm hang at the side; a controller is held in front; during squats a wrist band is on
/// hands holding a bar on the back (see ``Body/site(_:in:)``).
struct ArmPosture: Sendable {
    /// Shoulder flexion at rest, rad.
    var restingFlexion: Double
    /// Elbow flexion at rest, rad.
    var elbowFlexion: Double
    /// How far the arms rise forward in a squat, rad: for a free arm once the hips are as far
    /// back as they go (``swingsForBalance``), for hands holding a controller at parallel.
    /// 55–100° for a free arm: the upper-arm phone in the real recordings
    /// (shared/recordings/dev, exermote) turns by 65° or more in 95 % of reps, 81° in the
    /// median, in broad humps that follow the squat rather than rising only near the bottom.
    var squatRaise: Double
    /// Whether the arm hangs free and swings forward for balance as the hips go back (see
    /// ``SquatSet``), rather than holding a controller in front, where the eyes need it, and
    /// raising it in proportion to the thigh's flexion (no real recordings show either way).
    var swingsForBalance: Bool

    init(placement: Placement, random: inout SplitMix64) {
        switch placement {
        case .hand:
            restingFlexion = radians(random.uniform(30...70))
            elbowFlexion = radians(random.uniform(40...90))
            squatRaise = radians(random.uniform(0...25))
            swingsForBalance = false
        default:
            restingFlexion = radians(random.uniform(0...12))
            elbowFlexion = radians(random.uniform(5...25))
            squatRaise = radians(random.uniform(55...100))
            swingsForBalance = true
        }
    }
}
