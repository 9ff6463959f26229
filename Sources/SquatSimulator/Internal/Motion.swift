/// One simulated activity: the body's pose as a smooth function of time, and the true reps.
protocol Motion: Sendable {
    /// Seconds from the start of the recording to its end.
    var duration: Double { get }
    /// True squats: start of each descent and end of each ascent, seconds. Empty for
    /// distractors.
    var reps: [(start: Double, end: Double)] { get }
    /// The pose at time `t` (seconds). Must be C² in t: the simulator differentiates the
    /// sensor's position twice.
    func pose(at t: Double) -> BodyPose
}
