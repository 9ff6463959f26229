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
    /// The bottom of the last rep admitted (``admit(start:end:bottom:)``).
    private var lastBottom = -Double.infinity

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

    /// Whether a rep from `start` to `end` that reached its bottom at `bottom` may count: spaced
    /// from the last count at their ends or at their bottoms, whichever lies further apart. The
    /// same movement read twice (a bounce at the bottom) puts both close together; two reps
    /// whose ends are timed differently (one ending where its ascent turned into the next rep,
    /// the next where it fell back part of the way) keep their bottoms a rep apart. If so,
    /// `end` and `bottom` start the interval anew.
    public mutating func admit(start: Double, end: Double, bottom: Double) -> Bool {
        guard end - start >= minRepDuration,
              end - lastMark >= minRepInterval || bottom - lastBottom >= minRepInterval else { return false }
        lastMark = end
        lastBottom = bottom
        return true
    }
}
