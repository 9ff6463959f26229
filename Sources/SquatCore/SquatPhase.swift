/// Where in a squat the detector believes the wearer is.
///
/// The detector walks `standing → descending → bottom → ascending → standing`;
/// a rep is counted on the `ascending → standing` transition. A movement that stops somewhere
/// other than standing (sitting down, kneeling) is abandoned to `away` until the wearer is back.
public enum SquatPhase: String, Sendable, CaseIterable {
    /// Upright, or moving too little to be squatting.
    case standing
    /// Going down: the signal left the standing band.
    case descending
    /// At the deepest point: the signal stopped moving away from standing.
    case bottom
    /// Coming up: the signal is on its way back to the standing band.
    case ascending
    /// Holding a posture that is not standing (seated, kneeling, bent over): no rep is in
    /// progress, a new movement may start, and the posture is not learned as standing.
    case away

    /// Whether a movement is in progress (descending, at the bottom or ascending), as opposed
    /// to standing or away. A switch, not `!=`: asked several times per sample, and two `!=`
    /// comparisons cost the pipeline 8–10 ns per sample (`Benchmarks/run`).
    public var isMovement: Bool {
        switch self {
        case .standing, .away: return false
        case .descending, .bottom, .ascending: return true
        }
    }
}
