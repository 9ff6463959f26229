import Foundation
import Testing
@testable import SquatCore

/// Edge cases of the upper arm's period-scaled depth bar and of a set's median travel per degree
/// (found by a review of both rules).
@Suite struct RepPeriodAndSetTravelTests {
    typealias Candidate = SquatStateMachine.Candidate

    /// A tilt at 100 Hz made of half-cosine segments `(from time, to time, from degrees, to
    /// degrees)`, holding the last value between them.
    static func tilt(_ segments: [(Double, Double, Double, Double)], until end: Double) -> [(t: Double, signal: Double)] {
        (0..<Int(end * 100)).map { i in
            let t = Double(i) / 100
            var s = 0.0
            for (t0, t1, a, b) in segments where t >= t0 {
                let x = min(max((t - t0) / (t1 - t0), 0), 1)
                s = a + (b - a) * (1 - cos(Double.pi * x)) / 2
            }
            return (t, s)
        }
    }

    static func upperArmCandidates(_ tilt: [(t: Double, signal: Double)], resetAt: Int? = nil) -> [Candidate] {
        var machine = SquatStateMachine(thresholds: .defaults(for: .upperArm), followsRepPeriod: true)
        var out: [Candidate] = []
        for (i, s) in tilt.enumerated() {
            if i == resetAt { machine.reset() }
            if let c = machine.step(t: s.t, signal: s.signal) { out.append(c) }
        }
        return out
    }

    /// A rep counted by its fall back to standing is a rep for the set's period too: the rep
    /// after it, 1.5 s later, meets the bar of a 1.5 s period, as it does when the rep before
    /// counted by its rise (before, the period ran from the rep before that, and it was missed).
    @Test func aRepCountedByItsFallSetsTheSetsPeriod() {
        let byItsFall = Self.tilt([(1.0, 1.6, 0, 60), (1.6, 2.2, 60, 22), (4.0, 4.6, 22, 60), (4.6, 5.4, 60, 0),
                                   (5.5, 6.1, 0, 35), (6.1, 6.7, 35, 0)], until: 9)
        let byItsRise = Self.tilt([(1.0, 1.6, 0, 60), (1.6, 2.2, 60, 0), (4.0, 4.6, 0, 60), (4.6, 5.4, 60, 0),
                                   (5.5, 6.1, 0, 35), (6.1, 6.7, 35, 0)], until: 9)
        #expect(Self.upperArmCandidates(byItsRise).count == 3)
        #expect(Self.upperArmCandidates(byItsFall).count == 3)
    }

    /// A sensor reopened on a clock set back starts earlier than the last rep: that is no rep
    /// period, and a 12° wiggle stays under the whole bar (a period below 0 made it nearly 0).
    @Test func aClockSetBackIsNoRepPeriod() {
        var samples = Self.tilt([(1.0, 1.6, 0, 60), (1.6, 2.2, 60, 0)], until: 3).map { (t: $0.t + 100, signal: $0.signal) }
        let reopened = samples.count
        samples += Self.tilt([(1.0, 1.3, 0, 12), (1.3, 1.6, 12, 0)], until: 3)
        let candidates = Self.upperArmCandidates(samples, resetAt: reopened)
        #expect(candidates.count == 1 && candidates.allSatisfy { $0.start > 100 })
    }

    /// A rep dropped because the set's median travel was too low takes its travel with it: with
    /// two reps confirming a set, the two after it are judged by their own travel (0.85 and 0.6
    /// cm per degree, 0.725 together), as they are without it.
    @Test func aDroppedRepTakesItsTravelOutOfTheMedian() {
        func confirmedStarts(_ depths: [Double]) -> [Double] {
            var set = SetConfirmation(confirmReps: 2, consistency: 0.5, setGap: 6, measure: .prominence,
                                      leastTravelPerDegree: 0.5, leastSetTravelPerDegree: 0.7)
            for (i, depth) in depths.enumerated() {
                var c = Candidate(start: Double(i) * 3, bottom: Double(i) * 3 + 1, end: Double(i) * 3 + 2, peak: depth, trough: 0)
                c.turn = 20
                set.offer(c)
            }
            var starts: [Double] = []
            while let rep = set.next() { starts.append(rep.start) }
            return starts
        }
        #expect(confirmedStarts([17, 12]) == [0, 3])
        #expect(confirmedStarts([10, 17, 12]) == [3, 6])
    }
}
