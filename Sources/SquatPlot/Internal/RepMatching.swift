import SquatCore

/// Pairs counted reps with true reps in time order: a counted rep matches the earliest
/// unmatched true rep whose window [start, end + slack] contains the counted rep's end (when
/// the detector saw the ascent complete; it may confirm the rep later, e.g. once a set is
/// established, so `detectedAt` is not used).
/// What is left over is a miss (true rep) or an extra count (counted rep).
struct RepMatching {
    /// Indices into the true reps that no count matched.
    private(set) var missed: Set<Int> = []
    /// Indices into the counted reps that matched no true rep.
    private(set) var extra: Set<Int> = []

    /// With no true rep times, a recording known to hold no squats (`expected` 0) makes every
    /// count extra; otherwise nothing can be said per rep.
    init(counted: [Rep], trueStarts: [Double], trueEnds: [Double], expected: Int?, slack: Double) {
        if trueStarts.isEmpty {
            if expected == 0 { extra = Set(counted.indices) }
            return
        }
        var used = Array(repeating: false, count: trueStarts.count)
        for (i, rep) in counted.enumerated() {
            var found = false
            for j in trueStarts.indices where !used[j] {
                // Without end times, a true rep lasts until the next one starts.
                let end = trueEnds.isEmpty ? (j + 1 < trueStarts.count ? trueStarts[j + 1] : .infinity) : trueEnds[j]
                if rep.end >= trueStarts[j], rep.end <= end + slack {
                    used[j] = true
                    found = true
                    break
                }
            }
            if !found { extra.insert(i) }
        }
        missed = Set(used.indices.filter { !used[$0] })
    }
}
