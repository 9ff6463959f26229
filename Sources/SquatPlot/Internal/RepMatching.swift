import SquatCore

/// Pairs counted reps with true reps, to say which true reps were missed and which counts
/// were extra.
///
/// A counted rep may pair with a true rep when the counted rep's end (where the detector saw
/// the ascent complete; it may confirm the rep later, once a set is established, so
/// `detectedAt` is not used) lies between the true rep's start and `slack` after its end.
/// Pairs keep time order (no two cross) and are as many as can be made; among such pairings,
/// the one whose paired reps overlap in time the most. The windows of reps a breath apart
/// overlap (a 1.2 s rep's window reaches into the next rep), so "the earliest window that
/// contains it", the rule until November 2026, paired every count after a miss with the true
/// rep before its own and blamed the set's last rep for a miss in its middle.
struct RepMatching {
    /// Indices into the true reps that no count matched.
    private(set) var missed: Set<Int> = []
    /// Indices into the counted reps that matched no true rep.
    private(set) var extra: Set<Int> = []

    /// With no true rep times, a recording known to hold no squats (`expected` 0) makes every
    /// count extra; otherwise nothing can be said per rep. `truth` is in time order.
    init(counted: [Rep], truth: [ClosedRange<Double>], expected: Int?, slack: Double) {
        if truth.isEmpty {
            if expected == 0 { extra = Set(counted.indices) }
            return
        }
        // Dynamic programming over the counted reps in order. `best[j]`: the best pairing of the
        // counted reps seen so far that uses true reps up to `j` only, and its last pair (an
        // index into `pairs`, which links each pair to the one before it). O(counted × true)
        // time; memory grows with the pairs that fit a window, a few per counted rep.
        var best = [Pairing](repeating: Pairing(), count: truth.count)
        var pairs: [(counted: Int, truth: Int, previous: Int?)] = []
        var offers: [(truth: Int, pairing: Pairing)] = []
        for (i, rep) in counted.enumerated() {
            offers.removeAll(keepingCapacity: true)
            for (j, span) in truth.enumerated() where span.lowerBound <= rep.end && rep.end <= span.upperBound + slack {
                let before = j > 0 ? best[j - 1] : Pairing()
                let overlap = max(0, min(rep.end, span.upperBound) - max(rep.start, span.lowerBound))
                pairs.append((i, j, before.last))
                offers.append((j, Pairing(count: before.count + 1, overlap: before.overlap + overlap, last: pairs.count - 1)))
            }
            // All of this rep's offers were made from the pairings before it: it pairs once.
            for offer in offers where offer.pairing.isBetter(than: best[offer.truth]) { best[offer.truth] = offer.pairing }
            for j in best.indices.dropFirst() where best[j - 1].isBetter(than: best[j]) { best[j] = best[j - 1] }
        }
        var pairedCounts = Set<Int>(), pairedTruth = Set<Int>()
        var link = best[best.count - 1].last
        while let l = link {
            pairedCounts.insert(pairs[l].counted)
            pairedTruth.insert(pairs[l].truth)
            link = pairs[l].previous
        }
        missed = Set(truth.indices.filter { !pairedTruth.contains($0) })
        extra = Set(counted.indices.filter { !pairedCounts.contains($0) })
    }

    /// A pairing's size, the time its pairs overlap in all, seconds, and its last pair.
    private struct Pairing {
        var count = 0
        var overlap = 0.0
        var last: Int?

        func isBetter(than other: Pairing) -> Bool {
            count != other.count ? count > other.count : overlap > other.overlap
        }
    }
}
