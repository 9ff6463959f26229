/// The time-threshold gate: a rep must last at least `minRepDuration`, and no two counts may be
/// closer than `minRepInterval`, measured where ``spacing`` says: between their ends, or between
/// the moments the detector times better (the bottoms of the trunk's `lift` reps, and on a free
/// arm either, see `SquatDetector`).
///
/// Both are physiological limits: the fastest sit-to-stand takes ~1.2 s per rep, so anything
/// shorter is a jolt, a step or a bounce at the bottom being read twice.
public struct RepGate: Sendable {
    /// Where two counts are measured apart.
    public enum Spacing: Sendable {
        /// At their ends.
        case ends
        /// At their bottoms.
        case bottoms
        /// At their ends or at their bottoms, whichever lie further apart. The same movement read
        /// twice (a bounce at the bottom) puts both close together; two reps whose ends are timed
        /// differently (one ending where its ascent turned into the next rep, the next where it
        /// fell back part of the way) keep their bottoms a rep apart.
        case endsOrBottoms
        /// At their ends, or, for a rep that began where the last count ended (its descent set
        /// off as the last one's ascent turned into it), at their bottoms, if that rep came in
        /// the last one's tempo: its bottom at least `tempo` times the last count's duration
        /// after the last count's bottom. The last count's end was read where its ascent ran
        /// into this descent, late, and this one's end is near it; the bottoms keep the set's
        /// rhythm.
        case endsOrChainedBottoms(tempo: Double)
    }

    public let minRepDuration: Double
    public let minRepInterval: Double
    public let spacing: Spacing
    /// The start, the end and the bottom of the last rep admitted.
    private var lastStart = -Double.infinity
    private var lastEnd = -Double.infinity
    private var lastBottom = -Double.infinity

    public init(minRepDuration: Double, minRepInterval: Double, spacing: Spacing = .ends) {
        self.minRepDuration = minRepDuration
        self.minRepInterval = minRepInterval
        self.spacing = spacing
    }

    /// Whether a rep from `start` to `end` that reached its bottom at `bottom` may count; if so,
    /// it starts the interval anew. `shortest`, if given and shorter, stands for
    /// ``minRepDuration`` (a rep of a confirmed set on the wrist, see `SquatDetector`).
    public mutating func admit(start: Double, end: Double, bottom: Double, shortest: Double? = nil) -> Bool {
        guard end - start >= min(shortest ?? minRepDuration, minRepDuration) else { return false }
        let endsApart = end - lastEnd >= minRepInterval, bottomsApart = bottom - lastBottom >= minRepInterval
        switch spacing {
        case .ends: guard endsApart else { return false }
        case .bottoms: guard bottomsApart else { return false }
        case .endsOrBottoms: guard endsApart || bottomsApart else { return false }
        case .endsOrChainedBottoms(let tempo):
            guard endsApart || (start == lastEnd && bottomsApart && bottom - lastBottom >= tempo * (lastEnd - lastStart))
            else { return false }
        }
        lastStart = start
        lastEnd = end
        lastBottom = bottom
        return true
    }
}
