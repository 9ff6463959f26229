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
    /// count extra; otherwise nothing can be said per rep. `truth` is in order of its starts.
    init(counted: [Rep], truth: [ClosedRange<Double>], expected: Int?, slack: Double) {
        if truth.isEmpty {
            if expected == 0 { extra = Set(counted.indices) }
            return
        }
        // Dynamic programming over the counted reps in order: `best` answers "the best pairing
        // of the counted reps seen so far that uses true reps up to j only" (its size, overlap
        // and last pair, an index into `pairs`, which links each pair to the one before it).
        // Only the true reps whose window can hold a count's end are looked at (they start no
        // earlier than the longest span and the slack before it), so the work grows with the
        // pairs that fit, not with counted × true reps.
        let longest = truth.map { $0.upperBound - $0.lowerBound }.max() ?? 0
        var best = PrefixBest(count: truth.count)
        var pairs: [(counted: Int, truth: Int, previous: Int?)] = []
        var offers: [(truth: Int, pairing: Pairing)] = []
        for (i, rep) in counted.enumerated() {
            offers.removeAll(keepingCapacity: true)
            var j = Self.lastStart(atOrBefore: rep.end, in: truth)
            while j >= 0, truth[j].lowerBound >= rep.end - longest - slack {
                let span = truth[j]
                if rep.end <= span.upperBound + slack {
                    let before = best.upTo(j - 1)
                    let overlap = max(0, min(rep.end, span.upperBound) - max(rep.start, span.lowerBound))
                    pairs.append((i, j, before.last))
                    offers.append((j, Pairing(count: before.count + 1, overlap: before.overlap + overlap, last: pairs.count - 1)))
                }
                j -= 1
            }
            // All of this rep's offers were made from the pairings before it: it pairs once.
            for offer in offers { best.offer(offer.pairing, at: offer.truth) }
        }
        var pairedCounts = Set<Int>(), pairedTruth = Set<Int>()
        var link = best.upTo(truth.count - 1).last
        while let l = link {
            pairedCounts.insert(pairs[l].counted)
            pairedTruth.insert(pairs[l].truth)
            link = pairs[l].previous
        }
        missed = Set(truth.indices.filter { !pairedTruth.contains($0) })
        extra = Set(counted.indices.filter { !pairedCounts.contains($0) })
    }

    /// The index of the last true rep that starts at or before `t`; −1 when none does.
    private static func lastStart(atOrBefore t: Double, in truth: [ClosedRange<Double>]) -> Int {
        var low = 0, high = truth.count
        while low < high {
            let middle = (low + high) / 2
            if truth[middle].lowerBound <= t { low = middle + 1 } else { high = middle }
        }
        return low - 1
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

    /// The best pairing offered at any index up to j, in O(log n) per offer and question (a
    /// Fenwick tree over the true reps, taking the better of two pairings where it sums).
    private struct PrefixBest {
        private var tree: [Pairing]

        init(count: Int) { tree = Array(repeating: Pairing(), count: count + 1) }

        mutating func offer(_ pairing: Pairing, at index: Int) {
            var k = index + 1
            while k < tree.count {
                if pairing.isBetter(than: tree[k]) { tree[k] = pairing }
                k += k & -k
            }
        }

        func upTo(_ index: Int) -> Pairing {
            var result = Pairing(), k = index + 1
            while k > 0 {
                if tree[k].isBetter(than: result) { result = tree[k] }
                k -= k & -k
            }
            return result
        }
    }
}
