import Testing
@testable import SquatSensors

/// The rule every reader applies to its sample times, without a device.
@Suite struct SampleTimelineTests {
    /// Places `stamps` (seconds) at 100 Hz and returns the times given and where gaps came.
    func place(_ stamps: [Double]) -> (times: [Double], gaps: [Int]) {
        var timeline = SampleTimeline()
        var times: [Double] = [], gaps: [Int] = []
        for (k, stamp) in stamps.enumerated() {
            let (t, afterGap) = timeline.place(stamp, period: 0.01)
            times.append(t)
            if afterGap { gaps.append(k) }
        }
        return (times, gaps)
    }

    @Test func anIntervalUpToASecondIsLeftToTheDetector() {
        let (times, gaps) = place([10, 10.01, 10.5, 11.5])
        #expect(times == [10, 10.01, 10.5, 11.5])
        #expect(gaps.isEmpty)
    }

    /// A stall and a wall clock stepped forward look alike: a gap, and the time that passed kept.
    @Test func moreThanASecondOnIsAGapAndKeepsItsTime() {
        let (times, gaps) = place([10, 11.01, 11.02, 3611.02, 3611.03])
        #expect(times == [10, 11.01, 11.02, 3611.02, 3611.03])
        #expect(gaps == [1, 3])
    }

    /// Stepped back by more than half a second: a gap, and time goes on one period after the
    /// last sample, offset by the step from then on; less is jitter and clamped.
    @Test func aStepBackIsAGapAndJitterIsClamped() {
        let (times, gaps) = place([100, 100.01, 99.7, 90, 90.01])
        #expect(gaps == [3])
        let want = [100, 100.01, 100.01, 100.02, 100.03]
        #expect(zip(times, want).allSatisfy { abs($0 - $1) < 1e-9 }, "\(times)")
    }

    /// After a step back, a later stall is still found: the offset applies to the new stamps.
    @Test func aStallAfterAStepBackIsAGap() {
        let (times, gaps) = place([100, 50, 50.01, 52])
        #expect(gaps == [1, 3])
        let want = [100, 100.01, 100.02, 102.01]
        #expect(zip(times, want).allSatisfy { abs($0 - $1) < 1e-9 }, "\(times)")
    }

    /// Stamps on a clock that stops in a suspend (an IIO device on `monotonic`) run on as if
    /// nothing happened: what the system says it slept makes the gap. A suspend noted before
    /// the first sample, or shorter than a second, is none.
    @Test func aSuspendIsAGapWhateverTheStampsSay() {
        var timeline = SampleTimeline()
        timeline.note(suspendedSoFar: 0)
        timeline.note(suspendedSoFar: 7200)
        #expect(timeline.place(10, period: 0.01).afterGap == false)
        timeline.note(suspendedSoFar: 7200)
        #expect(timeline.place(10.01, period: 0.01).afterGap == false)
        timeline.note(suspendedSoFar: 7200.5)
        #expect(timeline.place(10.02, period: 0.01).afterGap == false)
        timeline.note(suspendedSoFar: 9000)
        let (t, afterGap) = timeline.place(10.03, period: 0.01)
        #expect(afterGap && t == 10.03)
        timeline.note(suspendedSoFar: 9000)
        #expect(timeline.place(10.04, period: 0.01).afterGap == false)
    }
}
