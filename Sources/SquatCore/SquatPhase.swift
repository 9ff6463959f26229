/// Where in a squat the detector believes the wearer is.
///
/// The detector walks `standing → descending → bottom → ascending → standing`;
/// a rep is counted on the `ascending → standing` transition.
public enum SquatPhase: String, Sendable, CaseIterable {
    /// Upright, or moving too little to be squatting.
    case standing
    /// Going down: the signal left the standing band.
    case descending
    /// At the deepest point: the signal stopped moving away from standing.
    case bottom
    /// Coming up: the signal is on its way back to the standing band.
    case ascending
}
