#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import SquatCore

/// Hand-built signal sequences through `standing → descending → bottom → ascending → standing`.
///
/// With `startLevel` 5 and `minDepth` 20: a descent starts once the signal is more than 5 above its
/// lowest standing value; the bottom is entered once it has fallen back by more than
/// 10 % of the depth, ascending past 25 %; the rep completes at 60 % (`returnFraction`).
@Suite struct SquatStateMachineTests {
    static let thresholds = Thresholds(signal: .tilt, lowPassHz: 1.5, startLevel: 5, minDepth: 20,
                                       returnFraction: 0.6, maxRepDuration: 10)

    /// Feeds `(t, signal)` pairs; returns the phase after each and every candidate reported.
    struct Trace {
        var machine = SquatStateMachine(thresholds: SquatStateMachineTests.thresholds)
        var phases: [SquatPhase] = []
        var candidates: [SquatStateMachine.Candidate] = []

        mutating func feed(_ points: [(Double, Double)]) {
            for (t, s) in points {
                if let c = machine.step(t: t, signal: s) { candidates.append(c) }
                phases.append(machine.phase)
            }
        }
    }

    /// One sample per second, starting at t = 0.
    static func timed(_ values: [Double], from t0: Double = 0) -> [(Double, Double)] {
        values.enumerated().map { (t0 + Double($0.offset), $0.element) }
    }

    /// The filtered tilt of an upper arm through a quick set without a pause at the top, at
    /// 100 Hz: standing (0) for a second, a first rep rising to `swing.upperBound` (71°) in
    /// `firstRise` seconds, then `reps` more swinging between that and `swing.lowerBound` (32°)
    /// every `period` (1.4 s; the 1 Hz low-pass keeps the arm's swing around its mean, never back
    /// at standing), then back to standing in 0.9 s.
    static func quickArmSet(firstRise: Double, reps: Int, swing: ClosedRange<Double> = 32...71,
                            period: Double = 1.4) -> [(Double, Double)] {
        let swingEnd = 1 + firstRise + Double(reps) * period, top = swing.upperBound
        let mean = (swing.lowerBound + top) / 2, half = (top - swing.lowerBound) / 2
        return (0..<Int((swingEnd + 3) * 100)).map { i in
            let t = Double(i) / 100
            let s: Double
            if t < 1 { s = 0 }
            else if t < 1 + firstRise { s = top * (1 - cos(Double.pi * (t - 1) / firstRise)) / 2 }
            else if t < swingEnd { s = mean + half * cos(2 * Double.pi * (t - 1 - firstRise) / period) }
            else if t < swingEnd + 0.9 { s = top * (1 + cos(Double.pi * (t - swingEnd) / 0.9)) / 2 }
            else { s = 0 }
            return (t, s)
        }
    }

    /// On a free arm the first rep of a quick set ends where its ascent turned back up into
    /// the next (``SquatStateMachine/turnedAsAFilteredRep(t:)``): it fell 39° of 71° (55 %,
    /// short of the 60 % that completes a rep) and the next rises 39°, short of the 45° that
    /// ends a movement that went down again, but a 1 Hz low-pass passes a swing of that period
    /// at 0.68, and both are a rep's. All nine reps are candidates; without the rule the set is
    /// one movement, abandoned after `maxRepDuration` (10 s), and only the last rep, after
    /// that, is one. An arm flung up in 0.25 s that comes back over 0.85 s is no squat's (a
    /// burpee's): its turn does not end it, and only that last rep is a candidate.
    @Test func aQuickArmSetsFirstRepEndsWhereItsAscentTurned() {
        func candidates(firstRise: Double) -> [SquatStateMachine.Candidate] {
            var trace = Trace(machine: SquatStateMachine(thresholds: .defaults(for: .upperArm), followsRepPeriod: true))
            trace.feed(SquatStateMachineTests.quickArmSet(firstRise: firstRise, reps: 8))
            return trace.candidates
        }
        let quick = candidates(firstRise: 0.9)
        #expect(quick.count == 9, "starts \(quick.map(\.start))")
        #expect(quick.allSatisfy { $0.trough == 32 && $0.peak > 70 })
        let flung = candidates(firstRise: 0.25)
        #expect(flung.count == 1, "starts \(flung.map(\.start))")
    }

    /// A deep quick set whose arm is raised for most of each rep and comes back only part of
    /// the way between reps: the filtered tilt rises to 64° and then swings between 64° and 30°
    /// every 1.9 s. From its trough each rep rises 34°, short of the 35° that 45° scaled by the
    /// 1 Hz low-pass's gain at 1.9 s asks, and falls back 34° of 64° (53 %): read so, the first
    /// rep's ascent never turns into a rep and the set is one movement until `maxRepDuration`
    /// (10 s; one candidate after it). With the zero where the arm hung while the wearer stood
    /// still (``SquatStateMachine/zeroIsHeldStanding``), each rep is read from hanging: 64°
    /// deep, and its fall back towards hanging 53 % of that, more than the 47 % (60 % at the
    /// filter's gain) a filtered swing of its period passes (``SquatStateMachine/fellTowardsHanging(from:to:gain:)``):
    /// every rep is a candidate, whether it ends where its ascent turned or completes from the
    /// trough it rose from.
    @Test(arguments: [false, true])
    func aQuickArmSetReadFromWhereTheArmHangsCounts(zeroIsHeldStanding: Bool) {
        var trace = Trace(machine: SquatStateMachine(thresholds: .defaults(for: .upperArm), followsRepPeriod: true))
        trace.machine.zeroIsHeldStanding = zeroIsHeldStanding
        trace.feed(SquatStateMachineTests.quickArmSet(firstRise: 0.9, reps: 8, swing: 30...64, period: 1.9))
        let starts = trace.candidates.map(\.start)
        #expect(trace.candidates.count == (zeroIsHeldStanding ? 9 : 1), "starts \(starts)")
    }

    /// An arm raised to 80° in a second and held there (81° by the end of each hold, as the
    /// filtered tilt creeps on), held 3 s and dipping to 40° and back within 1.4 s, four
    /// times (every 4.4 s), then lowered: each dip turns back up as quickly as a quick set's
    /// rep without its pause at the bottom, but after a hold longer than a squat's pause
    /// (``SquatStateMachine/longestBottomPause``, 2 s), which no squat makes (a real break's arm
    /// held up 3.7 s and dipped in 1 s): no dip ends a rep, and only the last lowering, from the
    /// last dip, completes a movement. Without the bound the first dip ended one too (the
    /// later dips swing nothing from the dip before).
    @Test func anArmHeldRaisedLongerThanASquatsPauseIsNoQuickRep() {
        var trace = Trace(machine: SquatStateMachine(thresholds: .defaults(for: .upperArm), followsRepPeriod: true))
        let hold = 3.0, dip = 1.4, dips = 4
        let end = 2 + Double(dips) * (hold + dip) + hold
        trace.feed((0..<Int((end + 3) * 100)).map { i in
            let t = Double(i) / 100
            let s: Double
            if t < 1 { s = 0 }
            else if t < 2 { s = 80 * (1 - cos(Double.pi * (t - 1))) / 2 }
            else if t < end {
                let x = (t - 2).truncatingRemainder(dividingBy: hold + dip)
                // Held, as the filter shows it, still creeping up (its bottom at the end of the hold).
                s = x < hold ? 80 + x / hold : 60.5 + 20.5 * cos(2 * Double.pi * (x - hold) / dip)
            } else if t < end + 1 { s = 80 * (1 + cos(Double.pi * (t - end))) / 2 }
            else { s = 0 }
            return (t, s)
        })
        #expect(trace.candidates.count == 1, "starts \(trace.candidates.map(\.start))")
    }

    /// The filtered tilt of a deep quick set paused at the bottom, 3 s a rep: each rep rises to
    /// 80° in 0.8 s, sags to 71° (more than a tenth of its depth from its highest: the state
    /// machine's bottom) and recovers to 77° as the body brakes and the arm settles, is held
    /// there until 2.4 s into the rep, then falls to 36° in 0.6 s and rises straight into the
    /// next rep: the first rep falls back 44° of 80° (55 %), short of the 60 % that completes a
    /// rep, and the next rises 44°, short of the 45° that ends a movement going down again.
    /// Timed from where it left the bottom, the last sample within a tenth of its depth of its
    /// highest (``SquatStateMachine/quickRepDuration(start:bottom:lastAtBottom:t:)``), the
    /// first rep's turn comes 0.7 s later, a quick set's swing, and ends it; the reps after it
    /// rise from that turn and complete: four reps. Timed from its highest sample, its rise
    /// read 2.4 s, twice that past the two quickest reps (2.4 s), the turn ended nothing, and
    /// the set was one movement, abandoned after `maxRepDuration`: no candidate.
    @Test func aQuickRepHeldAtTheBottomIsTimedFromWhereItLeftTheBottom() {
        var trace = Trace(machine: SquatStateMachine(thresholds: .defaults(for: .upperArm), followsRepPeriod: true))
        let reps = 4, period = 3.0, first = 1.0
        /// Half a cosine from `a` to `b` over `duration` seconds, at `x` seconds into it.
        func ease(_ a: Double, _ b: Double, _ x: Double, _ duration: Double) -> Double {
            a + (b - a) * (1 - cos(Double.pi * min(max(x / duration, 0), 1))) / 2
        }
        let end = first + Double(reps) * period
        trace.feed((0..<Int((end + 3) * 100)).map { i in
            let t = Double(i) / 100
            guard t >= first else { return (t, 0) }
            guard t < end else { return (t, ease(36, 0, t - end, 1)) }
            let rep = ((t - first) / period).rounded(.down), x = t - first - rep * period
            let s: Double
            if x < 0.8 { s = ease(rep == 0 ? 0 : 36, 80, x, 0.8) }
            else if x < 1.1 { s = ease(80, 71, x - 0.8, 0.3) }
            else if x < 1.4 { s = ease(71, 77, x - 1.1, 0.3) }
            else if x < 2.4 { s = 77 }
            else { s = ease(77, 36, x - 2.4, 0.6) }
            return (t, s)
        })
        #expect(trace.candidates.count == reps, "starts \(trace.candidates.map(\.start))")
    }

    /// A quick arm set's rep that completed too shallow, its fall read to where the arm came
    /// back to (``SquatStateMachine/fellToQuietReturn(t:)``), as seed 37 of the agreement tests
    /// reads its second rep: the filtered tilt stands at 22° (where the rep before turned),
    /// rises to 56° in 1 s, falls to 33.5° in 0.9 s and rises straight into the next rep, which
    /// comes back down to hanging. The first rises 34°, short of the 45° a movement after no rep
    /// must, and completes too shallow; its fall, 22.5° to the tilt's lowest, is short of the
    /// 25.9° (60 % of 56° at the filter's gain over its 1.8 s) that reads it a quick set's rep
    /// from hanging. Where the arm's quasi-static posture showed it 28° from hanging, it fell
    /// 28°: a rep (two candidates, the second rep with it). A posture no lower than the tilt's
    /// lowest (40°) changes nothing, and the rep was lost (one candidate) until the fall was
    /// asked at the filter's gain at the arm's swing (``SquatStateMachine/swingPeriod(_:leftBottom:turn:)``,
    /// November 2026): twice the 0.63 s from where the tilt left its bottom (within a tenth of
    /// 45° of its peak) to its lowest, 1.27 s, gain 0.62, asks 20.7°, and the tilt's own fall of
    /// 22.5° counts it (two candidates).
    @Test(arguments: [(28.0, 2), (40, 2)])
    func aShallowQuickRepsFallIsReadToWhereTheArmCameBack(quietReturn: Double, candidates: Int) {
        var machine = SquatStateMachine(thresholds: .defaults(for: .upperArm), followsRepPeriod: true)
        machine.zeroIsHeldStanding = true
        /// Half a cosine from `a` to `b` over `duration` seconds, at `x` seconds into it.
        func ease(_ a: Double, _ b: Double, _ x: Double, _ duration: Double) -> Double {
            a + (b - a) * (1 - cos(Double.pi * min(max(x / duration, 0), 1))) / 2
        }
        var found: [SquatStateMachine.Candidate] = []
        for i in 0..<700 {
            let t = Double(i) / 100
            let s = t < 2 ? ease(22, 56, t - 1, 1) : t < 2.9 ? ease(56, 33.5, t - 2, 0.9)
                : t < 3.8 ? ease(33.5, 56, t - 2.9, 0.9) : ease(56, 0, t - 3.8, 1.5)
            // As the detector does (`SquatDetector.advance`): the posture when asked for it.
            if machine.asksForQuietReturn(signal: s) { machine.quietReturnTilt = quietReturn }
            if let c = machine.step(t: t, signal: s) { found.append(c) }
        }
        #expect(found.count == candidates, "starts \(found.map(\.start)), peaks \(found.map(\.peak))")
    }

    @Test func descentStartsOnlyWhenTheRiseExceedsStartLevel() {
        var trace = Trace()
        trace.feed(SquatStateMachineTests.timed([3, 2, 7, 7.5]))  // 7 − 2 = 5: not more than 5
        #expect(trace.phases == [.standing, .standing, .standing, .descending])
    }

    @Test func startLevelFollowsTheLowestStandingValue() {
        var trace = Trace()
        trace.feed(SquatStateMachineTests.timed([3, 1]))
        #expect(trace.machine.startLevel == 6)
        #expect(trace.machine.depthLevel == 21)
        trace.feed(SquatStateMachineTests.timed([4, 6.5], from: 2))  // 6.5 − 1 > 5: descending
        #expect(trace.machine.phase == .descending)
        // While down, both levels stay measured from the trough the descent rose from.
        trace.feed(SquatStateMachineTests.timed([30, 27], from: 4))
        #expect(trace.machine.phase == .bottom)
        #expect(trace.machine.startLevel == 6)
        #expect(trace.machine.depthLevel == 21)
        // Back up: standing again, measured from where the rep was counted (30 − 0.6·29 = 12.6).
        trace.feed(SquatStateMachineTests.timed([12], from: 6))
        #expect(trace.machine.phase == .standing)
        #expect(trace.machine.startLevel == 17)
    }

    @Test func fullRepWalksEveryPhaseAndReportsOneCandidate() {
        var trace = Trace()
        // Peak 40 from trough 0: bottom once fallen > 4, ascending once fallen > 10,
        // complete once fallen ≥ 24 (signal ≤ 16).
        trace.feed(SquatStateMachineTests.timed([0, 0, 6, 20, 40, 37, 35, 31, 29, 17, 16, 5, 0]))
        #expect(trace.phases == [.standing, .standing, .descending, .descending, .descending,
                                 .descending, .bottom, .bottom, .ascending, .ascending, .standing,
                                 .standing, .standing])
        #expect(trace.candidates == [SquatStateMachine.Candidate(start: 2, bottom: 4, end: 10, peak: 40, trough: 0)])
        #expect(trace.candidates.first?.prominence == 40)
    }

    @Test func afterARepTheNextDescentIsMeasuredFromTheNewLow() {
        var trace = Trace()
        // The second rep rises from 2 (not from 16, where the first was counted) to 45, so it
        // completes at 45 − 0.6·43 = 19.2.
        trace.feed(SquatStateMachineTests.timed([0, 6, 40, 16, 2, 8, 45, 30, 20, 19]))
        #expect(trace.candidates.count == 2)
        #expect(trace.candidates.last == SquatStateMachine.Candidate(start: 5, bottom: 6, end: 9, peak: 45, trough: 2))
    }

    @Test func risingPastThePeakFromTheBottomDescendsAgain() {
        var trace = Trace()
        trace.feed(SquatStateMachineTests.timed([0, 6, 40, 35]))
        #expect(trace.machine.phase == .bottom)
        trace.feed(SquatStateMachineTests.timed([41], from: 4))
        #expect(trace.machine.phase == .descending)
        trace.feed(SquatStateMachineTests.timed([30, 16, 10], from: 5))
        // Completes against the new peak: 41 − 0.6·41 = 16.4, so 16 ends the rep, not 30.
        #expect(trace.candidates == [SquatStateMachine.Candidate(start: 1, bottom: 4, end: 6, peak: 41, trough: 0)])
    }

    @Test func risingPastThePeakWhileAscendingDescendsAgain() {
        var trace = Trace()
        trace.feed(SquatStateMachineTests.timed([0, 6, 40, 29]))
        #expect(trace.machine.phase == .ascending)
        trace.feed(SquatStateMachineTests.timed([50], from: 4))
        #expect(trace.machine.phase == .descending)
        #expect(trace.candidates.isEmpty)
        trace.feed(SquatStateMachineTests.timed([20], from: 5))
        #expect(trace.candidates.first?.peak == 50)
        #expect(trace.candidates.first?.bottom == 4)
    }

    /// Sitting down, or bending over and staying there: abandoned, no candidate, and the wearer
    /// is away (a new movement may start from where they stay) until back within `startLevel`
    /// of the level the descent started from.
    @Test func descentLongerThanMaxRepDurationIsAbandoned() {
        var trace = Trace()
        trace.feed(SquatStateMachineTests.timed([0, 6, 40]))  // descent starts at t = 1
        trace.feed((3...11).map { (Double($0), 40) })  // t − start = 10: not yet more than 10
        #expect(trace.machine.phase == .descending)
        trace.feed([(11.5, 40)])
        #expect(trace.machine.phase == .away)
        #expect(trace.machine.startLevel == 45)
        // Standing back up from there is not a rep either; at 5 (0 + startLevel) the wearer is
        // not back yet, below it they are.
        trace.feed(SquatStateMachineTests.timed([20, 5], from: 12))
        #expect(trace.machine.phase == .away)
        trace.feed([(14, 4.9)])
        #expect(trace.machine.phase == .standing)
        #expect(trace.candidates.isEmpty)
    }

    @Test func abandonmentAlsoAppliesWhileAscending() {
        var trace = Trace()
        trace.feed(SquatStateMachineTests.timed([0, 6, 40, 29]))
        #expect(trace.machine.phase == .ascending)
        trace.feed([(11.25, 28)])
        #expect(trace.machine.phase == .away)
        trace.feed([(12, 0)])
        #expect(trace.machine.phase == .standing)
        #expect(trace.candidates.isEmpty)
    }

    /// Away is not a dead end: a full rep from the posture the wearer stays in counts (the
    /// reference the descent rose from was not standing after all).
    @Test func aRepFromAwayCounts() {
        var trace = Trace()
        trace.feed(SquatStateMachineTests.timed([0, 6, 30]))
        trace.machine.abandon(t: 2, signal: 30)
        #expect(trace.machine.phase == .away)
        trace.feed(SquatStateMachineTests.timed([28, 36, 60, 36, 28], from: 3))
        #expect(trace.candidates.map(\.trough) == [28])
        #expect(trace.candidates.map(\.peak) == [60])
        #expect(trace.machine.phase == .standing)
    }

    @Test func abandonOnlyEndsAMovement() {
        var trace = Trace()
        trace.feed(SquatStateMachineTests.timed([0, 1]))
        trace.machine.abandon(t: 1, signal: 1)
        #expect(trace.machine.phase == .standing)
    }

    @Test func shallowerThanMinDepthIsNoCandidate() {
        var trace = Trace()
        // Prominence 19.5 < 20: bottom after falling > 2, ascending > 5, complete at ≥ 11.7.
        trace.feed(SquatStateMachineTests.timed([0, 6, 19.5, 17, 14, 7, 0]))
        #expect(trace.phases == [.standing, .descending, .descending, .bottom, .ascending, .standing, .standing])
        #expect(trace.candidates.isEmpty)
    }

    @Test func exactlyMinDepthIsACandidate() {
        var trace = Trace()
        trace.feed(SquatStateMachineTests.timed([0, 6, 20, 17, 14, 7, 0]))
        #expect(trace.candidates.map(\.prominence) == [20])
    }

    @Test func resetAbandonsTheMovementInProgress() {
        var trace = Trace()
        trace.feed(SquatStateMachineTests.timed([0, 6, 40, 35]))
        trace.machine.reset()
        #expect(trace.machine.phase == .standing)
        trace.feed(SquatStateMachineTests.timed([10, 0], from: 4))
        #expect(trace.candidates.isEmpty)
        #expect(trace.machine.phase == .standing)
    }

    /// Prominence, not absolute level: the same rep on a baseline shifted by −30 is the same rep.
    @Test func shiftedBaselineGivesTheSameCandidate() {
        var a = Trace(), b = Trace()
        let values: [Double] = [0, 0, 6, 20, 40, 37, 35, 31, 29, 17, 16, 5, 0]
        a.feed(SquatStateMachineTests.timed(values))
        b.feed(SquatStateMachineTests.timed(values.map { $0 - 30 }))
        #expect(a.phases == b.phases)
        #expect(a.candidates.map(\.prominence) == b.candidates.map(\.prominence))
        #expect(a.candidates.map(\.end) == b.candidates.map(\.end))
    }

    /// A descent that rose from a trough the wearer never returns to (a lift estimate still
    /// settling at start-up): going down again by `minDepth` before the ascent completes ends the
    /// movement, counted by its prominence over the higher of its two troughs (10 − (−15) = 25),
    /// its rise from the trough it set off from kept beside it (10 − (−40) = 50, see
    /// `SetConfirmation`), and the next descent rises from where the wearer turned.
    @Test func goingDownAgainByMinDepthWhileAscendingEndsTheMovement() {
        var trace = Trace()
        // −40 → 10 → −15 falls 25, short of 0.6·50 = 30; then 6 is 21 above −15: more than 20.
        trace.feed(SquatStateMachineTests.timed([-40, -34, 10, -15, 6, 30, 3]))
        #expect(trace.phases == [.standing, .descending, .descending, .ascending, .descending,
                                 .descending, .standing])
        #expect(trace.candidates == [
            SquatStateMachine.Candidate(start: 1, bottom: 2, end: 4, peak: 10, trough: -15, rise: 50),
            SquatStateMachine.Candidate(start: 4, bottom: 5, end: 6, peak: 30, trough: -15),
        ])
    }

    /// A wobble on the way up (rising 15, less than `minDepth`) does not end the rep.
    @Test func wobbleWhileAscendingKeepsTheRep() {
        var trace = Trace()
        trace.feed(SquatStateMachineTests.timed([0, 6, 40, 25, 20, 35, 10]))
        #expect(trace.phases == [.standing, .descending, .descending, .ascending, .ascending,
                                 .ascending, .standing])
        #expect(trace.candidates == [SquatStateMachine.Candidate(start: 1, bottom: 2, end: 6, peak: 40, trough: 0)])
    }

    /// A rep of a set without a pause at the top, then a last rep that rises from where the first
    /// turned (12) to 30: 18, less than `minDepth` 20. Its ascent completes at 19.
    static let lastRepFromAHighTrough: [Double] = [0, 0, 6, 20, 35, 33, 30, 25, 14, 12, 18, 25, 30, 28, 26, 24, 19]

    @Test func tiltLastRepCountsWhenItsFallBackToStandingIsDeepEnough() {
        var trace = Trace()
        trace.feed(SquatStateMachineTests.timed(SquatStateMachineTests.lastRepFromAHighTrough + [10, 4, 1]))
        // Back within startLevel of standing at t = 18: measured from there, it is 26 deep.
        #expect(trace.candidates == [
            SquatStateMachine.Candidate(start: 2, bottom: 4, end: 8, peak: 35, trough: 0),
            SquatStateMachine.Candidate(start: 10, bottom: 12, end: 16, peak: 30, trough: 4),
        ])
        #expect(trace.phases.last == .standing)
    }

    @Test func tiltShallowRepFallingInTwoMovementsDoesNotCount() {
        var trace = Trace()
        // Down to 10, up by 3 (more than half a startLevel), then down to standing.
        trace.feed(SquatStateMachineTests.timed(SquatStateMachineTests.lastRepFromAHighTrough + [10, 13, 4, 1]))
        #expect(trace.candidates.count == 1)
    }

    /// For `lift` a rep that rises from rest (the estimate at 0) reads a part of its depth (12),
    /// and its fall carries on past 0 to the overshoot the next rep rises from: it counts once
    /// that fall is `minDepth` deep in one movement (12 − (−9) = 21), measured from there.
    @Test func liftFirstRepFromRestCountsWhenItsFallIsDeepEnough() {
        var thresholds = SquatStateMachineTests.thresholds
        thresholds.signal = .lift
        let rep: [Double] = [0, 0, 6, 12, 9, 6, 2, -4]
        var trace = Trace(machine: SquatStateMachine(thresholds: thresholds))
        trace.feed(SquatStateMachineTests.timed(rep + [-9, -14, -10]))
        var byItsFall = SquatStateMachine.Candidate(start: 2, bottom: 3, end: 6, peak: 12, trough: -9)
        byItsFall.countedByItsFall = true
        #expect(trace.candidates == [byItsFall])
        // Falling in two movements (up by 4, more than half a startLevel, on the way): none.
        var twice = Trace(machine: SquatStateMachine(thresholds: thresholds))
        twice.feed(SquatStateMachineTests.timed(rep + [0, -9, -14]))
        #expect(twice.candidates.isEmpty)
        // The same fall on `tilt` is no rep: its zero is standing, and the fall went past it.
        var tilt = Trace()
        tilt.feed(SquatStateMachineTests.timed(rep + [-9, -14, -10]))
        #expect(tilt.candidates.isEmpty)
    }

    /// For `lift` a shallow rep that rose from a trough left by the rep before it (12, not
    /// rest) is not remeasured by its fall.
    @Test func shallowRepIsNotRemeasuredForSignalsWhoseZeroIsNotStanding() {
        var thresholds = SquatStateMachineTests.thresholds
        thresholds.signal = .lift
        var trace = Trace(machine: SquatStateMachine(thresholds: thresholds))
        trace.feed(SquatStateMachineTests.timed(SquatStateMachineTests.lastRepFromAHighTrough + [10, 4, 1]))
        #expect(trace.candidates.count == 1)
    }

    /// For `bounce` (an acceleration, 0 at rest): a squat paused at the bottom brakes (30),
    /// rests while the band filter's hump decays (to 5), and pushes up out of the pause (50)
    /// before slowing at the top (−25). The push rises out of the dip by more than `minDepth`,
    /// but from above 0: the body was not accelerating down, so it is the same movement, one
    /// candidate whose bottom is the push. Read as going down again, the braking was a
    /// candidate of its own (30 over 5) and the push another. From a dip below 0 (−5) a new
    /// descent did begin, and the movement ends there as before.
    @Test func bounceRisingOutOfADipAboveRestIsTheSameMovement() {
        var thresholds = SquatStateMachineTests.thresholds
        thresholds.signal = .bounce
        var paused = Trace(machine: SquatStateMachine(thresholds: thresholds))
        paused.feed(SquatStateMachineTests.timed([0, -40, -34, 30, 5, 27, 50, 0, -25]))
        #expect(paused.candidates == [SquatStateMachine.Candidate(start: 2, bottom: 6, end: 8, peak: 50, trough: -40)])
        var fallen = Trace(machine: SquatStateMachine(thresholds: thresholds))
        fallen.feed(SquatStateMachineTests.timed([0, -40, -34, 30, -5, 27, 50, 0, -25]))
        #expect(fallen.candidates.first == SquatStateMachine.Candidate(start: 2, bottom: 3, end: 5, peak: 30, trough: -5, rise: 70))
    }

    /// For `bounce` the depth a movement must reach falls with the square of its duration past
    /// a second (``SquatStateMachine/leastDepth(lasting:)``): a hump 12 deep (−6 to 6) that
    /// takes 3 s from its start to 60 % of the way back needs 20 · (1/3)² ≈ 2.2 and is a
    /// candidate; the same hump in 0.75 s needs all of `minDepth` (20) and is not, nor is the
    /// 3 s hump for `tilt`, whose depth is an angle whatever the tempo.
    @Test func bounceDepthBarFallsWithTheSquareOfTheDuration() {
        var thresholds = SquatStateMachineTests.thresholds
        thresholds.signal = .bounce
        #expect(abs(SquatStateMachine(thresholds: thresholds).leastDepth(lasting: 3) - 20.0 / 9) < 1e-12)
        let hump: [Double] = [0, -6, 0, 6, 2, -2]
        var slow = Trace(machine: SquatStateMachine(thresholds: thresholds))
        slow.feed(SquatStateMachineTests.timed(hump))
        #expect(slow.candidates == [SquatStateMachine.Candidate(start: 2, bottom: 3, end: 5, peak: 6, trough: -6)])
        var quick = Trace(machine: SquatStateMachine(thresholds: thresholds))
        quick.feed(hump.enumerated().map { (Double($0.offset) / 4, $0.element) })
        #expect(quick.candidates.isEmpty)
        var tilt = Trace()
        tilt.feed(SquatStateMachineTests.timed(hump))
        #expect(tilt.candidates.isEmpty)
    }
}
