import Testing
@testable import SquatCore

/// Times are binary fractions so that boundary comparisons are exact.
@Suite struct RepGateTests {
    /// The gate's decision for each `(start, end)` in turn.
    static func decisions(minRepDuration: Double, minRepInterval: Double, _ reps: [(Double, Double)]) -> [Bool] {
        var gate = RepGate(minRepDuration: minRepDuration, minRepInterval: minRepInterval)
        return reps.map { gate.admit(start: $0.0, end: $0.1) }
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

    /// Spaced at a mark of its own (a rep's bottom), a rep ending within the interval of the
    /// last count still counts when its mark is past it, and the interval runs from its mark.
    @Test func countsSpacedAtTheirMarks() {
        var gate = RepGate(minRepDuration: 0.5, minRepInterval: 1)
        let decisions = [(0, 1.5, 0.5), (1.5, 2.25, 1.5), (2.25, 3.5, 2.25), (2.25, 3.5, 2.5)].map {
            gate.admit(start: $0.0, end: $0.1, spacedAt: $0.2)
        }
        #expect(decisions == [true, true, false, true])
    }

    @Test func firstRepIsNeverHeldBackByTheInterval() {
        #expect(RepGateTests.decisions(minRepDuration: 0.5, minRepInterval: 100, [(-1e9, -1e9 + 0.5)]) == [true])
    }
}
