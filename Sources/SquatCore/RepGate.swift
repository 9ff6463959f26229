/// The time-threshold gate: a rep must last at least `minRepDuration`, and no two counts may be
/// closer than `minRepInterval`, measured between their ends or between the moments the detector
/// times better (the bottoms of the trunk's `lift` reps, see `SquatDetector`).
///
/// Both are physiological limits: the fastest sit-to-stand takes ~1.2 s per rep, so anything
/// shorter is a jolt, a step or a bounce at the bottom being read twice.
public struct RepGate: Sendable {
    public let minRepDuration: Double
    public let minRepInterval: Double
    /// The end, or the mark, of the last rep admitted.
    private var lastMark = -Double.infinity

    public init(minRepDuration: Double, minRepInterval: Double) {
        self.minRepDuration = minRepDuration
        self.minRepInterval = minRepInterval
    }

    /// Whether a rep from `start` to `end` may count; if so, it starts the interval anew.
    public mutating func admit(start: Double, end: Double) -> Bool {
        admit(start: start, end: end, spacedAt: end)
    }

    /// Whether a rep from `start` to `end` may count, its distance from the last count measured
    /// at `mark` (a moment of the rep the detector times better than its end: the trunk's `lift`
    /// reps' bottoms); if so, `mark` starts the interval anew.
    public mutating func admit(start: Double, end: Double, spacedAt mark: Double) -> Bool {
        guard end - start >= minRepDuration, mark - lastMark >= minRepInterval else { return false }
        lastMark = mark
        return true
    }
}
