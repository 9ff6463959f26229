import SquatCore

/// Segment lengths of one simulated person and the forward kinematics from a ``BodyPose`` to
/// where a body-worn sensor is and how it is turned.
///
/// Lengths are fractions of body height H from Winter, *Biomechanics and Motor Control of
/// Human Movement* (4th ed., Table 4.1): thigh 0.245 H, shank 0.246 H, hip-to-shoulder
/// 0.288 H, upper arm 0.186 H, forearm 0.146 H; H is drawn from 1.55–1.95 m.
struct Body: Sendable {
    var thigh: Double, shank: Double, trunk: Double, upperArm: Double, forearm: Double
    /// Shoulder to ear, m.
    var neck: Double

    init(height: Double) {
        thigh = 0.245 * height
        shank = 0.246 * height
        trunk = 0.288 * height
        upperArm = 0.186 * height
        forearm = 0.146 * height
        neck = 0.10 * height
    }

    /// Hip height above the ankle for a leg with the given angles, m:
    ///     h = L_shank·cos(shankTilt) + L_thigh·cos(thighFlexion)
    func hipHeight(thighFlexion: Double, shankTilt: Double) -> Double {
        shank * cosine(shankTilt) + thigh * cosine(thighFlexion)
    }

    /// How far the hip is behind the ankle for a leg with the given angles, m (the knee goes
    /// forward as the hip goes back):
    ///     x = L_thigh·sin(thighFlexion) − L_shank·sin(shankTilt)
    func hipBehindAnkle(thighFlexion: Double, shankTilt: Double) -> Double {
        thigh * sine(thighFlexion) - shank * sine(shankTilt)
    }

    /// Position (world, m) and orientation (segment → world) of a sensor at `placement`.
    ///
    /// Each placement is a point fixed on one segment, given in that segment's frame as
    /// (forward, left, along the segment towards its proximal end):
    /// - thigh: mid-thigh, 8 cm in front of the bone (trouser pocket, thigh strap)
    /// - calf: 45 % down the shank, on the shin
    /// - waist: 8 cm above the hip joint, 12 cm in front (belt); turns with the pelvis
    /// - chest: 75 % up the trunk, 11 cm in front (chest strap); turns with the trunk
    /// - head: ear height above the shoulders, 8 cm to the side; turns with the head
    /// - upper-arm: mid upper arm, on its outer side
    /// - wrist: at the end of the forearm, or, holding a bar on the back, 8 cm behind and
    ///   30 cm beside the top of the trunk, turning by 35 % of the trunk's lean (the elbows
    ///   drop back as the trunk leans, so the forearm turns less than the trunk)
    /// - hand: 8 cm beyond the wrist (a controller in the fist); turns with the forearm
    func site(_ placement: Placement, in p: BodyPose) -> (position: Vector3, orientation: Rotation) {
        let thighR = Rotation.pitch(-p.thighFlexion)
        let shankR = Rotation.pitch(p.shankTilt)
        let trunkR = Rotation.pitch(p.trunkLean)
        let knee = p.hip + thighR * Vector3(0, 0, -thigh)
        let shoulder = p.hip + trunkR * Vector3(0, 0, trunk)
        // Arm angle in the world, measured forward from hanging straight down.
        let armAngle = p.shoulderFlexion - p.trunkLean
        let upperArmR = Rotation.pitch(-armAngle)
        let forearmR = Rotation.pitch(-(armAngle + p.elbowFlexion))
        let elbow = shoulder + upperArmR * Vector3(0, 0.18, -upperArm)
        let wrist = elbow + forearmR * Vector3(0, 0, -forearm)

        let position: Vector3, orientation: Rotation
        switch placement {
        case .thigh:
            orientation = thighR
            position = p.hip + thighR * Vector3(0.08, 0.05, -0.5 * thigh)
        case .calf:
            orientation = shankR
            position = knee + shankR * Vector3(0.05, 0, -0.45 * shank)
        case .waist:
            orientation = Rotation.pitch(p.pelvisTilt)
            position = p.hip + orientation * Vector3(0.12, 0, 0.08)
        case .chest:
            orientation = trunkR
            position = p.hip + trunkR * Vector3(0.11, 0, 0.75 * trunk)
        case .head:
            orientation = Rotation.pitch(p.headTilt)
            position = shoulder + orientation * Vector3(0, 0.08, neck)
        case .upperArm:
            orientation = upperArmR
            position = shoulder + upperArmR * Vector3(0, 0.22, -0.5 * upperArm)
        case .wrist:
            if p.handsOnBar {
                orientation = Rotation.pitch(0.35 * p.trunkLean)
                position = shoulder + trunkR * Vector3(-0.08, 0.30, -0.02)
            } else {
                orientation = forearmR
                position = wrist
            }
        case .hand:
            orientation = forearmR
            position = wrist + forearmR * Vector3(0, 0, -0.08)
        }
        return (position + p.deviceShift, orientation * Rotation(rotationVector: p.deviceTurn))
    }
}
