/// `[goal]`: what to aim for.
public struct GoalSettings: Sendable, Equatable {
    /// `daily`: reps per day, summed over all devices; nil for no goal. The rep that reaches it
    /// plays the goal sound and `squatd status` shows progress toward it.
    public var daily: Int?

    public init() {}
}
