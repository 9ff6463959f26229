import Testing
@testable import SquatCore

/// Times are binary fractions so that boundary comparisons are exact.
@Suite struct RepGateTests {
    /// The gate's decision for each `(start, end)` in turn, spaced at their ends (the bottom,
    /// which that spacing ignores, halfway).
    static func decisions(minRepDuration: Double, minRepInterval: Double, _ reps: [(Double, Double)]) -> [Bool] {
        var gate = RepGate(minRepDuration: minRepDuration, minRepInterval: minRepInterval)
        return reps.map { gate.admit(start: $0.0, end: $0.1, bottom: ($0.0 + $0.1) / 2) }
    }

    @Test func repExactlyAtMinimumDurationCounts() {
        #expect(RepGateTests.decisions(minRepDuration: 0.75, minRepInterval: 0.5, [(10, 10.75)]) == [true])
    }

    @Test func repShorterThanMinimumDurationIsRejected() {
        #expect(RepGateTests.decisions(minRepDuration: 0.75, minRepInterval: 0.5, [(10, 10.75.nextDown)]) == [false])
        #expect(RepGateTests.decisions(minRepDuration: 0.75, minRepInterval: 0.5, [(10, 10)]) == [false])
    }

    @Test func countsExactlyMinimumIntervalApartAreAdmitted() {
        #expect(RepGateTests.decisions(minRepDuration: 0.5, minRepInterval: 1.5, [(0, 1), (1.5, 2.5)]) == [true, true])
    }

    @Test func countCloserThanMinimumIntervalIsRejected() {
        #expect(RepGateTests.decisions(minRepDuration: 0.5, minRepInterval: 1.5, [(0, 1), (1, 2.5.nextDown)]) == [true, false])
    }

    /// A rejected rep does not restart the interval: only counted reps do.
    @Test func rejectedRepDoesNotRestartTheInterval() {
        let reps: [(Double, Double)] = [
            (0, 1),
            (2, 2.25),   // too short, though past the interval
            (2, 2.5),    // 1.5 s after the last count, not after the rejected rep
            (3.5, 3.75), // too short
            (3, 3.75),   // long enough, but only 1.25 s after the last count
            (3, 4),
        ]
        #expect(RepGateTests.decisions(minRepDuration: 0.5, minRepInterval: 1.5, reps) == [true, false, true, false, false, true])
    }

    /// Spaced at their bottoms, a rep ending within the interval of the last count still
    /// counts when its bottom is past it, and the interval runs from its bottom.
    @Test func countsSpacedAtTheirBottoms() {
        var gate = RepGate(minRepDuration: 0.5, minRepInterval: 1, spacing: .bottoms)
        let decisions = [(0, 1.5, 0.5), (1.5, 2.25, 1.5), (2.25, 3.5, 2.25), (2.25, 3.5, 2.5)].map {
            gate.admit(start: $0.0, end: $0.1, bottom: $0.2)
        }
        #expect(decisions == [true, true, false, true])
    }

    /// Spaced at their ends or at their bottoms, whichever lies further from the last count's
    /// (a free arm, `RepGate.Spacing.endsOrBottoms`): a rep ending within the interval of the
    /// last count still counts when its bottom is past the interval of the last count's bottom
    /// (a quick set's first rep ends where its ascent turned into the second, whose count comes
    /// as it falls back), and one whose bottom lies within it counts when its end is past; one
    /// close at both (a bounce read twice) does not, and the interval then runs from the last
    /// count's end and bottom. Spaced at their ends alone, the second rep was rejected.
    @Test func countsSpacedAtTheirEndsOrTheirBottoms() {
        let reps: [(start: Double, end: Double, bottom: Double)] = [
            (0, 1.5, 0.75),
            (1, 2.25, 2),       // ends 0.75 s apart, bottoms 1.25 s
            (2.5, 3, 2.75),     // ends and bottoms 0.75 s apart
            (2.5, 3.5, 2.75),   // ends 1.25 s apart, bottoms 0.75 s
            (3.5, 4.25, 3.5),   // ends and bottoms 0.75 s apart
        ]
        var gate = RepGate(minRepDuration: 0.5, minRepInterval: 1, spacing: .endsOrBottoms)
        #expect(reps.map { gate.admit(start: $0.start, end: $0.end, bottom: $0.bottom) } == [true, true, false, true, false])
        #expect(RepGateTests.decisions(minRepDuration: 0.5, minRepInterval: 1, reps.map { ($0.start, $0.end) })
            == [true, false, true, false, true])
    }

    /// Spaced at their ends, or at their bottoms for a rep that set off where the last count
    /// ended, in its tempo (the hand, `RepGate.Spacing.endsOrChainedBottoms`): a fast rep whose
    /// ascent ran into the next descent ends late, and the next, starting there, ends within the
    /// interval though their bottoms lie a rep period apart (simulated fast hand set 4050 at
    /// 25 Hz: ends 0.48 s apart, bottoms 1.08 s, the last count 1.53 s long). It counts; one
    /// that did not start where the last count ended, or whose bottom comes less than `tempo`
    /// times the last count's duration after its bottom (a walk's swing after a 5 s creep read
    /// as a rep), or within the interval, does not. Spaced at their ends alone, the chained rep
    /// was rejected.
    @Test func aRepChainedInTempoOutOfTheLastIsSpacedAtItsBottom() {
        func decisions(_ reps: [(start: Double, end: Double, bottom: Double)]) -> [Bool] {
            var gate = RepGate(minRepDuration: 0.25, minRepInterval: 0.75, spacing: .endsOrChainedBottoms(tempo: 0.5))
            return reps.map { gate.admit(start: $0.start, end: $0.end, bottom: $0.bottom) }
        }
        // The last count took 1.5 s; the chained rep's bottom comes 1 s after its bottom.
        #expect(decisions([(0, 1.5, 0.5), (1.5, 2, 1.5)]) == [true, true])
        #expect(RepGateTests.decisions(minRepDuration: 0.25, minRepInterval: 0.75, [(0, 1.5), (1.5, 2)]) == [true, false])
        // Not chained: it set off after the last count's end.
        #expect(decisions([(0, 1.5, 0.5), (1.625, 2, 1.75)]) == [true, false])
        // Chained, but out of tempo: the last count took 4 s, the bottoms lie 1 s apart.
        #expect(decisions([(0, 4, 3), (4, 4.5, 4)]) == [true, false])
        // Chained and in tempo, but the bottoms lie within the interval (a bounce read twice).
        #expect(decisions([(0, 1, 0.75), (1, 1.5, 1.25)]) == [true, false])
        // At exactly `tempo` times the last count's duration it counts, and the interval then
        // runs from its end and bottom.
        #expect(decisions([(0, 2, 1), (2, 2.5, 2), (2.5, 3, 2.75), (3, 3.5, 3.25)]) == [true, true, true, false])
    }

    @Test func firstRepIsNeverHeldBackByTheInterval() {
        #expect(RepGateTests.decisions(minRepDuration: 0.5, minRepInterval: 100, [(-1e9, -1e9 + 0.5)]) == [true])
    }
}
