import SquatCore

/// One simulated recording: the samples a sensor would have delivered, the truth about
/// them, and the metadata lines for a recording file.
public struct SimulatedRecording: Sendable {
    /// Samples in time order, seconds and m/s², with the sensor's imperfections.
    public var samples: [Sample]
    /// True reps: descent start of each squat, seconds.
    public var repStarts: [Double]
    /// True reps: ascent end of each squat, seconds.
    public var repEnds: [Double]
    /// `# key: value` lines for the recording file, in order: truth first (`kind`,
    /// `expected_reps`, `rep_starts_s`, `rep_ends_s`), then `seed`, `placement`, `activity`
    /// and every setting and randomly drawn parameter, so the file says how it was made.
    public var metadata: [(key: String, value: String)]

    /// The true count.
    public var expectedReps: Int { repStarts.count }
}
