/// The body's configuration at one instant, in the sagittal plane (the person faces +x, z is
/// up). All angles in radians; positions in metres.
///
/// Sign conventions, chosen so that squatting makes every leg and trunk angle grow:
/// - `thighFlexion`: thigh from vertical, positive when the knee is in front of the hip.
/// - `shankTilt`: shank from vertical, positive when the knee is in front of the ankle.
///   Knee flexion is `thighFlexion + shankTilt`.
/// - `trunkLean`, `pelvisTilt`, `headTilt`: forward lean from vertical.
/// - `shoulderFlexion`: upper arm relative to the trunk, 0 hanging along it, π/2 pointing
///   forward perpendicular to it. `elbowFlexion`: forearm relative to the upper arm.
struct BodyPose: Sendable {
    /// Hip joint centre, m.
    var hip = Vector3.zero
    var thighFlexion = 0.0
    var shankTilt = 0.0
    var trunkLean = 0.0
    var pelvisTilt = 0.0
    var headTilt = 0.0
    var shoulderFlexion = 0.0
    var elbowFlexion = 0.0
    /// The hands hold a barbell resting on the upper back: the wrist then moves with the trunk.
    var handsOnBar = false
    /// Rotation of the device relative to its segment (a rotation vector, rad), e.g. a phone
    /// turned in the hand or shifted in a pocket.
    var deviceTurn = Vector3.zero
    /// Displacement of the device relative to its segment, world axes, m.
    var deviceShift = Vector3.zero
}
