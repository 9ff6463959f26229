/// What the simulated person does. Only ``squats`` contains squats; every other activity is a
/// distractor whose true count is zero.
public enum Activity: String, Sendable, CaseIterable {
    /// A set of squats (see ``SimulationSettings`` for reps, tempo, depth, pauses).
    case squats
    /// Walking about in bouts, with stops.
    case walking
    /// Sitting down on a chair, staying seated, standing up again.
    case sitStand = "sit-stand"
    /// Bending from the hips to pick something up from the floor.
    case pickUp = "pick-up"
    /// Standing still while turning, adjusting or fiddling with the device.
    case handling
    /// Raising, waving and lowering the arm while standing.
    case armGestures = "arm-gestures"

    /// The activities with no squats in them.
    public static var distractors: [Activity] { allCases.filter { $0 != .squats } }
}
