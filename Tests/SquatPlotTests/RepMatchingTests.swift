import SquatCore
@testable import SquatPlot
@testable import SquatSimulator
import Testing

/// The simulator's generator, reproducible for a seed, drives the property test below.
extension SplitMix64: RandomNumberGenerator {}

/// Which true rep a plot calls missed and which count it calls extra.
@Suite struct RepMatchingTests {
    /// Thirteen 1.2 s reps back to back, each counted a little late, but the seventh not at all.
    /// Each count's end also lies in the window of the true rep before its own (1.5 s past its
    /// end): pairing each with the earliest window, the rule until November 2026, paired every
    /// count after the miss one rep early and called the thirteenth missed.
    @Test func aMissInTheMiddleOfASetIsThatRep() {
        let truth = (0..<13).map { Double($0) * 1.2...Double($0 + 1) * 1.2 }
        let counted = truth.enumerated().filter { $0.offset != 6 }.map { _, span in
            Rep(start: span.lowerBound + 0.15, bottom: span.lowerBound + 0.6, end: span.upperBound + 0.1,
                detectedAt: span.upperBound + 0.1, amplitude: 70)
        }
        let matching = RepMatching(counted: counted, truth: truth, expected: 13, slack: RecordingPlot.matchSlack)
        #expect(matching.missed == [6])
        #expect(matching.extra.isEmpty)
    }

    /// A rep counted twice: the count that overlaps the true rep less is the extra one, and a
    /// count with no true rep near it is extra whatever else happens.
    @Test func aDoubleCountAndAStrayCountAreExtra() {
        let truth = [2.0...4.0, 6.0...8.0]
        let counted = [
            Rep(start: 2.1, bottom: 3, end: 4.1, detectedAt: 4.1, amplitude: 60),
            Rep(start: 4.2, bottom: 4.5, end: 4.8, detectedAt: 4.8, amplitude: 30),
            Rep(start: 6.1, bottom: 7, end: 8.1, detectedAt: 8.1, amplitude: 60),
            Rep(start: 20, bottom: 21, end: 22, detectedAt: 22, amplitude: 60),
        ]
        let matching = RepMatching(counted: counted, truth: truth, expected: 2, slack: RecordingPlot.matchSlack)
        #expect(matching.missed.isEmpty)
        #expect(matching.extra == [1, 3])
    }

    /// Without true rep times only a recording known to hold no squats says anything per rep.
    @Test func withoutRepTimesOnlyAZeroCountMakesCountsExtra() {
        let counted = [Rep(start: 1, bottom: 2, end: 3, detectedAt: 3, amplitude: 50)]
        #expect(RepMatching(counted: counted, truth: [], expected: 0, slack: 1.5).extra == [0])
        #expect(RepMatching(counted: counted, truth: [], expected: 1, slack: 1.5).extra.isEmpty)
        #expect(RepMatching(counted: counted, truth: [], expected: nil, slack: 1.5).extra.isEmpty)
    }

    /// True reps known by their starts alone (the real recordings' labels) last until the next
    /// start, but no longer than the median time between starts: a set's last rep and the one
    /// before a rest do not reach to the next set. A lone start lasts 2 s.
    @Test func repsKnownByTheirStartsLastUntilTheNextOne() {
        #expect(RecordingPlot.trueRepSpans(starts: [0, 2, 4, 30, 32], ends: []) == [0...2, 2...4, 4...6, 30...32, 32...34])
        // As many rests as rep gaps: the lower median, not the rest (the upper median made
        // the second rep last 98 s); and never more than the longest rep the detector counts.
        #expect(RecordingPlot.trueRepSpans(starts: [0, 2, 100], ends: []) == [0...2, 2...4, 100...102])
        #expect(RecordingPlot.trueRepSpans(starts: [5, 65], ends: []) == [5...15, 65...75])
        #expect(RecordingPlot.trueRepSpans(starts: [5], ends: []) == [5...7])
        #expect(RecordingPlot.trueRepSpans(starts: [1, 3], ends: [2, 4.5]) == [1...2, 3...4.5])
        #expect(RecordingPlot.trueRepSpans(starts: [], ends: []).isEmpty)
    }

    /// Through the public API anything may come: times that are not finite or not in order are
    /// no truth (a NaN start trapped building a range), and the title says nothing per rep.
    @Test func impossibleTruthIsNoTruth() {
        #expect(RecordingPlot.trueRepSpans(starts: [1, .nan], ends: []).isEmpty)
        #expect(RecordingPlot.trueRepSpans(starts: [5, 1, 3], ends: []).isEmpty)
        #expect(RecordingPlot.trueRepSpans(starts: [1, 3], ends: [2, .infinity]) == [1...3, 3...5])
        #expect(RecordingPlot.timeAxis(samplesFrom: 0, to: 1, trueRepStarts: [1, .nan], trueRepEnds: []) == 0...1)
    }

    /// The pairing is a best one: as many pairs as any pairing without crossings can make, and
    /// among those as much overlap, checked against an exhaustive search over 3,000 random small
    /// cases (dense, overlapping windows; spans with and without gaps). Without crossings, the
    /// k-th paired count pairs with the k-th paired true rep, which gives the overlap.
    @Test func thePairingIsABestOne() {
        var random = SplitMix64(seed: 2026)
        for _ in 0..<3000 {
            var t = 0.0
            let truth: [ClosedRange<Double>] = (0..<Int.random(in: 1...6, using: &random)).map { _ in
                t += Double.random(in: 0...2, using: &random)
                let span = t...(t + Double.random(in: 0.2...2, using: &random))
                return span
            }
            var u = 0.0
            let counted: [Rep] = (0..<Int.random(in: 0...6, using: &random)).map { _ in
                u += Double.random(in: 0.1...2.5, using: &random)
                let start = u - Double.random(in: 0.3...1.5, using: &random)
                return Rep(start: start, bottom: start, end: u, detectedAt: u, amplitude: 1)
            }
            let slack = RecordingPlot.matchSlack
            let matching = RepMatching(counted: counted, truth: truth, expected: truth.count, slack: slack)
            let pairedCounts = counted.indices.filter { !matching.extra.contains($0) }
            let pairedTruth = truth.indices.filter { !matching.missed.contains($0) }
            func overlap(_ i: Int, _ j: Int) -> Double {
                max(0, min(counted[i].end, truth[j].upperBound) - max(counted[i].start, truth[j].lowerBound))
            }
            func fits(_ i: Int, _ j: Int) -> Bool { truth[j].lowerBound <= counted[i].end && counted[i].end <= truth[j].upperBound + slack }
            #expect(pairedCounts.count == pairedTruth.count)
            #expect(zip(pairedCounts, pairedTruth).allSatisfy { fits($0, $1) })
            let found = (pairedCounts.count, zip(pairedCounts, pairedTruth).reduce(0) { $0 + overlap($1.0, $1.1) })
            // Every pairing without crossings, by plain recursion.
            func best(_ i: Int, _ j: Int) -> (Int, Double) {
                guard i < counted.count, j < truth.count else { return (0, 0) }
                let skipCount = best(i + 1, j), skipTruth = best(i, j + 1)
                var result = skipCount.0 != skipTruth.0 ? (skipCount.0 > skipTruth.0 ? skipCount : skipTruth)
                                                        : (skipCount.1 >= skipTruth.1 ? skipCount : skipTruth)
                if fits(i, j) {
                    let rest = best(i + 1, j + 1)
                    let paired = (rest.0 + 1, rest.1 + overlap(i, j))
                    if paired.0 > result.0 || (paired.0 == result.0 && paired.1 > result.1 + 1e-12) { result = paired }
                }
                return result
            }
            let exhaustive = best(0, 0)
            #expect(found.0 == exhaustive.0 && abs(found.1 - exhaustive.1) < 1e-9, "\(truth) \(counted.map { ($0.start, $0.end) })")
        }
    }

    /// Twenty thousand reps pair one to one. (The work grows with the pairs whose windows fit,
    /// not with counted × true reps, which took most of a minute here in a debug build.)
    @Test func twentyThousandRepsPairOneToOne() {
        let truth = (0..<20_000).map { Double($0) * 2...Double($0) * 2 + 1.5 }
        let counted = truth.map { Rep(start: $0.lowerBound + 0.1, bottom: $0.lowerBound + 0.7, end: $0.upperBound + 0.2,
                                      detectedAt: $0.upperBound + 0.2, amplitude: 60) }
        let matching = RepMatching(counted: counted, truth: truth, expected: truth.count, slack: RecordingPlot.matchSlack)
        #expect(matching.missed.isEmpty && matching.extra.isEmpty)
    }
}
