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

    @Test func firstRepIsNeverHeldBackByTheInterval() {
        #expect(RepGateTests.decisions(minRepDuration: 0.5, minRepInterval: 100, [(-1e9, -1e9 + 0.5)]) == [true])
    }
}
