import SquatCore
@testable import SquatPlot
import Testing

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
        #expect(RecordingPlot.trueRepSpans(starts: [5], ends: []) == [5...7])
        #expect(RecordingPlot.trueRepSpans(starts: [1, 3], ends: [2, 4.5]) == [1...2, 3...4.5])
        #expect(RecordingPlot.trueRepSpans(starts: [], ends: []).isEmpty)
    }
}
