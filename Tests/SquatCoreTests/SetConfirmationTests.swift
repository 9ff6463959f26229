import Testing
@testable import SquatCore

@Suite struct SetConfirmationTests {
    typealias Candidate = SquatStateMachine.Candidate

    /// A 2-second rep starting at `start`, `depth` deep from a trough at `trough`.
    static func rep(at start: Double, depth: Double = 50, trough: Double = 0) -> Candidate {
        Candidate(start: start, bottom: start + 1, end: start + 2, peak: trough + depth, trough: trough)
    }

    /// Offers reps 3 s apart, `depths` deep from a trough at 0, each turning the sensor `turn`
    /// degrees, to `set`; the starts of the reps it confirmed.
    static func confirmedStarts(of set: inout SetConfirmation, depths: [Double], turn: Double) -> [Double] {
        for (i, depth) in depths.enumerated() {
            var c = rep(at: Double(i) * 3, depth: depth)
            c.turn = turn
            set.offer(c)
        }
        var starts: [Double] = []
        while let r = set.next() { starts.append(r.start) }
        return starts
    }

    /// Offers `reps` in turn, the `i`th turning the sensor `turn(i)` degrees, to a `travel` set
    /// as the trunk's (consistency 0.5, at least 0.5 cm a degree a rep and 0.7 a set); the
    /// starts of the reps it confirmed. `before` sees the set and each rep before it is offered.
    static func travelSetStarts(_ reps: [Candidate], turn: (Int) -> Double = { _ in 10 },
                                before: (SetConfirmation, Candidate) -> Void = { _, _ in }) -> [Double] {
        var set = SetConfirmation(confirmReps: 3, consistency: 0.5, setGap: 8, measure: .travel(restBand: 2.4),
                                  leastTravelPerDegree: 0.5, leastSetTravelPerDegree: 0.7)
        var starts: [Double] = []
        for (i, var c) in reps.enumerated() {
            c.turn = turn(i)
            before(set, c)
            set.offer(c)
            while let r = set.next() { starts.append(r.start) }
        }
        return starts
    }

    /// Offers `candidates` in turn; after each, the starts of the reps confirmed by it
    /// (drained with `next()`).
    static func confirmedAfterEach(_ candidates: [Candidate], confirmReps: Int, consistency: Double = 0.6,
                                   setGap: Double = 6) -> [[Double]] {
        var set = SetConfirmation(confirmReps: confirmReps, consistency: consistency, setGap: setGap, measure: .prominence)
        return candidates.map { c in
            set.offer(c)
            var starts: [Double] = []
            while let r = set.next() { starts.append(r.start) }
            return starts
        }
    }

    /// The slowest rep in a confirmed set's tempo (``SetConfirmation/slowestRepInTempo``, which
    /// spares a rep of the set `SquatDetector.descendedTooSlowly`): the median duration of the
    /// set's last three reps over its consistency, none before a set is confirmed or after it
    /// ended.
    @Test func theSlowestRepInTempoIsTheMedianOverTheConsistency() {
        var set = SetConfirmation(confirmReps: 3, consistency: 0.5, setGap: 6, measure: .prominence)
        let durations = [2.0, 3.0, 2.5, 4.0]
        var slowest: [Double?] = []
        for (i, d) in durations.enumerated() {
            set.offer(Candidate(start: Double(i) * 5, bottom: Double(i) * 5 + 1, end: Double(i) * 5 + d, peak: 50, trough: 0))
            slowest.append(set.slowestRepInTempo)
        }
        // Medians of (2, 3, 2.5) and (3, 2.5, 4): 2.5 and 3, over 0.5.
        #expect(slowest == [nil, nil, 5, 6])
        set.reset()
        #expect(set.slowestRepInTempo == nil)
    }

    /// Two quick reps (0.75 s) that only lead into a set (``Candidate/leadsOnly``), then three
    /// alike: the three confirm the set, and the leads count with them when the three take
    /// 0.9 s (0.83 of it), not when they take 3 s (0.25) or 1.1 s (0.68, within the set's
    /// consistency of 0.6 but under ``SetConfirmation/leastLeadTempo``, 0.75). The leads alone
    /// confirm nothing.
    @Test(arguments: [(0.9, [0.0, 1.2, 2.4, 3.7, 5.0]), (3.0, [2.4, 5.8, 9.2]), (1.1, [2.4, 3.9, 5.4])])
    func leadsCountInTheSetsTempo(repDuration: Double, confirmed: [Double]) {
        var reps: [Candidate] = []
        for start in [0.0, 1.2] {
            var c = Candidate(start: start, bottom: start + 0.35, end: start + 0.75, peak: 50, trough: 0)
            c.leadsOnly = true
            reps.append(c)
        }
        var start = 2.4
        for _ in 0..<3 {
            reps.append(Candidate(start: start, bottom: start + repDuration / 2, end: start + repDuration, peak: 50, trough: 0))
            start += repDuration + 0.4
        }
        let after = SetConfirmationTests.confirmedAfterEach(reps, confirmReps: 3)
        #expect(after.prefix(4).allSatisfy { $0.isEmpty })
        #expect(after[4] == confirmed)
    }

    /// Tilt reps are compared by the angle at the bottom: a first rep that rose from upright
    /// (trough 0) and later ones that rose from arms half raised (trough 30) reach the same
    /// bottom posture and are alike; by prominence (90 against 60, below 0.8) they are not.
    @Test func peakMeasureComparesBottomPostureNotRise() {
        let reps = [SetConfirmationTests.rep(at: 0, depth: 90, trough: 0),
                    SetConfirmationTests.rep(at: 4, depth: 60, trough: 30),
                    SetConfirmationTests.rep(at: 8, depth: 62, trough: 28)]
        func confirmed(_ measure: SetConfirmation.DepthMeasure) -> [Double] {
            var set = SetConfirmation(confirmReps: 3, consistency: 0.8, setGap: 6, measure: measure)
            var starts: [Double] = []
            for c in reps {
                set.offer(c)
                while let r = set.next() { starts.append(r.start) }
            }
            return starts
        }
        #expect(confirmed(.peak) == [0, 4, 8])
        #expect(confirmed(.prominence) == [])
    }

    /// A candidate is alike a set's reps within `consistency` of their median (50 here), or when
    /// there is nothing to compare it with: before the first rep, and once the set is over.
    @Test func isAlikeComparesWithTheSetInProgress() {
        var set = SetConfirmation(confirmReps: 3, consistency: 0.6, setGap: 6, measure: .prominence)
        #expect(set.isAlike(SetConfirmationTests.rep(at: 0, depth: 10)))
        for start in [0.0, 4, 8] { set.offer(SetConfirmationTests.rep(at: start)) }
        #expect(set.isAlike(SetConfirmationTests.rep(at: 12, depth: 35)))
        #expect(!set.isAlike(SetConfirmationTests.rep(at: 12, depth: 25)))
        #expect(!set.isAlike(SetConfirmationTests.rep(at: 12, depth: 90)))
        #expect(set.isAlike(SetConfirmationTests.rep(at: 17, depth: 25)))
    }

    /// Before a set is confirmed, offering a rep first measures the pending rep before it from
    /// its fall, down to the new rep's trough; `isAlike` judges as `offer` will. A first rep
    /// 1.0 deep whose ascent falls on to the next rep's trough 1.2 below rest is 1.7 deep, and
    /// a 0.6 hump is unlike it (until November 2026 `isAlike` compared with the unraised 1.0
    /// and said alike, and the wrist let through the very hump its rule keeps out).
    @Test func isAlikeMeasuresThePendingRepFromItsFallAsOfferDoes() {
        var set = SetConfirmation(confirmReps: 3, consistency: 0.6, setGap: 6, measure: .prominence)
        set.offer(SetConfirmationTests.rep(at: 0, depth: 1.0, trough: -0.5))
        let hump = SetConfirmationTests.rep(at: 3, depth: 0.6, trough: -1.2)
        #expect(!set.isAlike(hump))
        #expect(set.isAlike(SetConfirmationTests.rep(at: 3, depth: 1.5, trough: -1.2)))
    }

    /// `travel`: a set's first rep that rose from rest lies anywhere between its rise and its
    /// fall, nearest the next rep's depth; one that counts by its fall already
    /// (``SquatStateMachine/Candidate/countedByItsFall``, its trough the bottom of that fall) is
    /// its fall. (Before November 2026 such a rep was taken for one that rose from rest whenever
    /// its fall ended within the rest band.)
    @Test(arguments: [(false, true), (true, false)])
    func aFirstRepCountedByItsFallIsItsFall(countedByItsFall: Bool, nextIsAlike: Bool) {
        var set = SetConfirmation(confirmReps: 3, consistency: 0.6, setGap: 6, measure: .travel(restBand: 2.4))
        var first = SetConfirmationTests.rep(at: 0, depth: 11, trough: -1)
        first.countedByItsFall = countedByItsFall
        set.offer(first)
        // Its fall carries on to the next rep's trough, 13 in all; the next rep rises 7.5.
        #expect(set.isAlike(SetConfirmationTests.rep(at: 3, depth: 7.5, trough: -3)) == nextIsAlike)
    }

    /// `travel`: a rep that turned into the next descent short of its return
    /// (``SquatStateMachine/Candidate/rise``) lies anywhere between its fall (its prominence,
    /// read from where its ascent turned) and its rise from where it set off; before a set is
    /// confirmed it is alike when any depth in that range is. Its fall is what the set keeps.
    /// (Fast seed 3044 at the waist: 100, 100, then a rep that fell 46.5 and rose 101, which
    /// ended the pending set and lost its first two reps.)
    @Test func aRepThatTurnedIntoTheNextIsAlikeBetweenItsFallAndItsRise() {
        func confirmed(rise: Double) -> [Double] {
            var reps = [SetConfirmationTests.rep(at: 0, depth: 60, trough: -60),
                        SetConfirmationTests.rep(at: 3, depth: 62, trough: -60),
                        SetConfirmationTests.rep(at: 6, depth: 27, trough: -15),   // 27 < 0.5 · 61
                        SetConfirmationTests.rep(at: 9, depth: 60, trough: -15)]
            reps[2].rise = rise
            return SetConfirmationTests.travelSetStarts(reps, before: { set, c in
                if c.start == 6 { #expect(set.isAlike(c) == (rise > 30.5)) }
            })
        }
        #expect(confirmed(rise: 82) == [0, 3, 6, 9])
        #expect(confirmed(rise: -.infinity) == [])
    }

    /// `travel`: before a set is confirmed, a rep unlike the pending set that set off where the
    /// rep before it turned (the one ran into the other) is read with that rep as a pair: the
    /// estimate's drift reads the first one's fall short and the second one's rise long by as
    /// much, and the pair's mean depth is the reps'. Alike the reps pending before the pair, it
    /// joins them, and so does the rep before it (fast seed 4307 at the waist: 70, 72, then 34
    /// and 112 chained, where the set ended twice and lost its first three reps). Not when the
    /// two did not run into each other, nor when they took different tempos (a walk with a
    /// device in hand: 1.4 s, then 4.8 s).
    @Test func twoChainedRepsReadShortThenLongArePairedAcrossTheirTurn() {
        func confirmed(nextStart: Double = 8, nextDuration: Double = 2) -> [Double] {
            var next = SetConfirmationTests.rep(at: nextStart, depth: 112, trough: -40)
            next.end = nextStart + nextDuration
            let reps = [SetConfirmationTests.rep(at: 0, depth: 70, trough: -70),
                        SetConfirmationTests.rep(at: 3, depth: 72, trough: -70),
                        SetConfirmationTests.rep(at: 6, depth: 34, trough: -40),   // 34 < 0.5 · 71; ends at 8
                        next,                                                    // (34 + 112) / 2 = 73
                        SetConfirmationTests.rep(at: nextStart + nextDuration + 1, depth: 70, trough: -70)]
            return SetConfirmationTests.travelSetStarts(reps)
        }
        #expect(confirmed() == [0, 3, 6, 8, 11])
        #expect(confirmed(nextStart: 8.5) == [])
        #expect(confirmed(nextDuration: 4.5) == [])
        // Where the short one was alike the set and the long one is not, the same.
        let alikeFirst = [SetConfirmationTests.rep(at: 0, depth: 70, trough: -70),
                          SetConfirmationTests.rep(at: 3, depth: 54, trough: -40),   // ends at 5
                          SetConfirmationTests.rep(at: 5, depth: 150, trough: -40),  // (54 + 150) / 2 = 102
                          SetConfirmationTests.rep(at: 8, depth: 100, trough: -70)]
        #expect(SetConfirmationTests.travelSetStarts(alikeFirst) == [0, 3, 5, 8])
    }

    /// `travel`: before a set is confirmed, such a rep's travel for its turn is the larger of
    /// its fall and its rise. A 4.5 fall for a 10° turn is under the 0.5 a degree a rep must
    /// show, and ended the pending set; rising 14, it passes. (Fast seed 3005 at the waist:
    /// falls of 12.1 and 13.2 for 26.6°, rises of 21.4 and 49.7.)
    @Test func aRepThatTurnedIntoTheNextShowsItsTravelInItsRiseToo() {
        func confirmed(rise: Double) -> [Double] {
            var reps = [SetConfirmationTests.rep(at: 0, depth: 20, trough: -20),
                        SetConfirmationTests.rep(at: 3, depth: 4.5, trough: -2),
                        SetConfirmationTests.rep(at: 6, depth: 18, trough: -2)]
            reps[1].rise = rise
            return SetConfirmationTests.travelSetStarts(reps)
        }
        #expect(confirmed(rise: 14) == [0, 3, 6])
        #expect(confirmed(rise: -.infinity) == [])
        // In a confirmed set too: a rep alike the set's 30 but falling 20 for a 50° turn (0.4 a
        // degree) that rose 30 counts at once; read by its fall alone it is held, and the next
        // rep, coming within one and a half of the set's periods, says it took no rep's turn.
        func inSet(rise: Double) -> [Double] {
            var reps = [0.0, 5, 10].map { SetConfirmationTests.rep(at: $0, depth: 30, trough: -30) }
                + [SetConfirmationTests.rep(at: 15, depth: 20, trough: -20), SetConfirmationTests.rep(at: 17, depth: 30, trough: -30)]
            reps[3].rise = rise
            return SetConfirmationTests.travelSetStarts(reps, turn: { $0 == 3 ? 50 : 10 })
        }
        #expect(inSet(rise: 30) == [0, 5, 10, 15, 17])
        #expect(inSet(rise: -.infinity) == [0, 5, 10])
    }

    /// `travel`: such a rep, alike the set by a reading between its fall and its rise, is kept
    /// at that reading, not at its fall, which the estimate reads short. Kept at their falls
    /// (12 and 13), the set's median fell to 13, and its next reps, 30 and 27 deep, were unlike
    /// it: held, then unlike too, they ended the set (fast seed 3005 at the waist, 60°, 1 s at
    /// the bottom, 200 Hz: falls of 12.1 and 13.2 that rose 21.4 and 49.7, then 30.2 and 27.2,
    /// 3 of 5 counted).
    @Test func aRepAlikeTheSetByItsRiseIsKeptAtThatReading() {
        var reps = [SetConfirmationTests.rep(at: 0, depth: 17, trough: 0),
                    SetConfirmationTests.rep(at: 2, depth: 12, trough: -42),
                    SetConfirmationTests.rep(at: 4, depth: 13, trough: -5),
                    SetConfirmationTests.rep(at: 6, depth: 30, trough: -5),
                    SetConfirmationTests.rep(at: 8, depth: 27, trough: 5)]
        reps[1].rise = 21
        reps[2].rise = 50
        #expect(SetConfirmationTests.travelSetStarts(reps) == [0, 2, 4, 6, 8])
    }

    @Test func confirmRepsOneCountsEveryRepAtOnce() {
        let reps = (0..<3).map { SetConfirmationTests.rep(at: Double($0) * 2) }
        #expect(SetConfirmationTests.confirmedAfterEach(reps, confirmReps: 1) == [[0], [2], [4]])
    }

    @Test func confirmRepsTwoReleasesTheFirstTwoTogether() {
        let reps = (0..<4).map { SetConfirmationTests.rep(at: Double($0) * 2) }
        #expect(SetConfirmationTests.confirmedAfterEach(reps, confirmReps: 2) == [[], [0, 2], [4], [6]])
    }

    @Test func confirmRepsThreeReleasesTheFirstThreeTogether() {
        let reps = (0..<4).map { SetConfirmationTests.rep(at: Double($0) * 2) }
        #expect(SetConfirmationTests.confirmedAfterEach(reps, confirmReps: 3) == [[], [], [0, 2, 4], [6]])
    }

    @Test func backlogCountsConfirmedRepsUntilTakenOldestFirst() {
        var set = SetConfirmation(confirmReps: 3, consistency: 0.6, setGap: 6, measure: .prominence)
        for k in 0..<3 { set.offer(SetConfirmationTests.rep(at: Double(k) * 2)) }
        #expect(set.backlog == 3)
        #expect(set.next()?.start == 0)
        #expect(set.backlog == 2)
        #expect(set.next()?.start == 2)
        #expect(set.next()?.start == 4)
        #expect(set.backlog == 0)
        #expect(set.next() == nil)
    }

    /// A lone squat-shaped movement (lifting the phone) does not count; two alike reps do.
    @Test func inconsistentDepthBeforeConfirmationStartsANewSet() {
        let reps = [
            SetConfirmationTests.rep(at: 0, depth: 80),   // a big movement alone
            SetConfirmationTests.rep(at: 2, depth: 40),   // 40 < 0.6·80: not alike, starts again
            SetConfirmationTests.rep(at: 4, depth: 44),
        ]
        #expect(SetConfirmationTests.confirmedAfterEach(reps, confirmReps: 2) == [[], [], [2, 4]])
    }

    /// A movement unlike the set between two of its reps (the next rep comes within one and a
    /// half rep periods of the set's last) ends the set: the rep after it is not alike it.
    @Test func inconsistentRepInASetEndsTheSet() {
        let reps = [
            SetConfirmationTests.rep(at: 0), SetConfirmationTests.rep(at: 4), SetConfirmationTests.rep(at: 8),
            SetConfirmationTests.rep(at: 10.5, depth: 25),   // a stir in the pause: not counted
            SetConfirmationTests.rep(at: 13),                // 5 s after the last rep, under 1.5 · 4 s;
                                                             // 50 vs 25 → not alike either
            SetConfirmationTests.rep(at: 17),                // a new set confirmed with the one before
        ]
        #expect(SetConfirmationTests.confirmedAfterEach(reps, confirmReps: 2) == [[], [0, 4], [8], [], [], [13, 17]])
    }

    /// A rep unlike the set that took a rep's turn in its rhythm, followed by a rep alike the
    /// set, is a rep whose depth was misread: it counts with the next, and the set goes on.
    @Test func anUnlikeRepInTheSetsRhythmCountsWithTheNext() {
        let reps = [
            SetConfirmationTests.rep(at: 0), SetConfirmationTests.rep(at: 2), SetConfirmationTests.rep(at: 4),
            SetConfirmationTests.rep(at: 6, depth: 20),   // misread: held
            SetConfirmationTests.rep(at: 8),              // alike the set, two periods after the 4
            SetConfirmationTests.rep(at: 10),
        ]
        #expect(SetConfirmationTests.confirmedAfterEach(reps, confirmReps: 2) == [[], [0, 2], [4], [], [6, 8], [10]])
        // For `lift`, with a set of three and travel per degree, as the fast sets are judged.
        var set = SetConfirmation(confirmReps: 3, consistency: 0.5, setGap: 8, measure: .travel(restBand: 2.4),
                                  leastTravelPerDegree: 0.5, leastSetTravelPerDegree: 0.7)
        #expect(SetConfirmationTests.confirmedStarts(of: &set, depths: [30, 32, 31, 13, 31, 30], turn: 10)
                    == [0, 3, 6, 9, 12, 15])
    }

    /// The aborted half-rep at the end of a set is much shallower than the reps before it, and
    /// nothing after it counts it.
    @Test func theAbortedHalfRepAtTheEndOfASetIsNotCounted() {
        let reps = [0.0, 2, 4].map { SetConfirmationTests.rep(at: $0) } + [SetConfirmationTests.rep(at: 6, depth: 20)]
        #expect(SetConfirmationTests.confirmedAfterEach(reps, confirmReps: 2) == [[], [0, 2], [4], []])
        // Nor does a rep after a pause longer than the set gap.
        let later = reps + [SetConfirmationTests.rep(at: 16.5)]
        #expect(SetConfirmationTests.confirmedAfterEach(later, confirmReps: 2) == [[], [0, 2], [4], [], []])
    }

    /// Before a set is confirmed there is no rhythm to judge by: an unlike rep starts again.
    @Test func anUnlikeRepBeforeConfirmationStartsAgainWhateverItsTiming() {
        let reps = [SetConfirmationTests.rep(at: 0), SetConfirmationTests.rep(at: 2, depth: 20),
                    SetConfirmationTests.rep(at: 4), SetConfirmationTests.rep(at: 6)]
        #expect(SetConfirmationTests.confirmedAfterEach(reps, confirmReps: 3) == [[], [], [], []])
    }

    /// Alike means within `consistency` … 1/`consistency` of the median of the last three.
    @Test func consistencyBoundaryIsInclusive() {
        let deep = [SetConfirmationTests.rep(at: 0, depth: 40), SetConfirmationTests.rep(at: 2, depth: 64)]   // 40·(1/0.625) = 64
        #expect(SetConfirmationTests.confirmedAfterEach(deep, confirmReps: 2, consistency: 0.625) == [[], [0, 2]])
        let tooDeep = [SetConfirmationTests.rep(at: 0, depth: 40), SetConfirmationTests.rep(at: 2, depth: 64.5)]
        #expect(SetConfirmationTests.confirmedAfterEach(tooDeep, confirmReps: 2, consistency: 0.625) == [[], []])
    }

    @Test func alikeIsJudgedAgainstTheMedianOfTheLastThree() {
        // Depths 50, 50, 90 (0.6·90 = 54 > 50: not alike): the 90 is held, and the next 50, alike
        // the set and in its rhythm, counts it (see anUnlikeRepInTheSetsRhythmCountsWithTheNext);
        // coming between two reps instead, it ends the set, and the next 50 is not alike it either.
        let reps = [50.0, 50, 90, 50].enumerated().map { SetConfirmationTests.rep(at: Double($0.offset) * 2, depth: $0.element) }
        #expect(SetConfirmationTests.confirmedAfterEach(reps, confirmReps: 2) == [[], [0, 2], [], [4, 6]])
        let between = [(0.0, 50.0), (4, 50), (6, 90), (7, 50)].map { SetConfirmationTests.rep(at: $0.0, depth: $0.1) }
        #expect(SetConfirmationTests.confirmedAfterEach(between, confirmReps: 2) == [[], [0, 4], [], []])
        // … but 50, 50, 80, 50 stays one set: 80 is alike (0.6·50 = 30 ≤ 80 and 0.6·80 = 48 ≤ 50),
        // and the median of 50, 50, 80 is 50, so the next 50 is alike too.
        let kept = [50.0, 50, 80, 50].enumerated().map { SetConfirmationTests.rep(at: Double($0.offset) * 2, depth: $0.element) }
        #expect(SetConfirmationTests.confirmedAfterEach(kept, confirmReps: 2) == [[], [0, 2], [4], [6]])
    }

    @Test func pauseLongerThanSetGapEndsTheSet() {
        // Rep at 4…6, then the next one starts 6.5 s later.
        let reps = [0.0, 2, 4, 12.5, 14.5].map { SetConfirmationTests.rep(at: $0) }
        #expect(SetConfirmationTests.confirmedAfterEach(reps, confirmReps: 2) == [[], [0, 2], [4], [], [12.5, 14.5]])
    }

    @Test func pauseOfExactlySetGapKeepsTheSet() {
        let reps = [0.0, 2, 10].map { SetConfirmationTests.rep(at: $0) }
        #expect(SetConfirmationTests.confirmedAfterEach(reps, confirmReps: 2) == [[], [0, 2], [10]])
    }

    @Test func unconfirmedRepIsDroppedByASetGap() {
        let reps = [0.0, 8.5, 10.5].map { SetConfirmationTests.rep(at: $0) }
        #expect(SetConfirmationTests.confirmedAfterEach(reps, confirmReps: 2) == [[], [], [8.5, 10.5]])
    }

    /// A first rep that rose from a slightly raised start (not quite upright) looks shallow on its
    /// own; its depth is measured from the lower of its trough and the next rep's.
    @Test func firstRepDepthIsMeasuredFromTheLowerTrough() {
        let raised = SetConfirmationTests.rep(at: 0, depth: 25, trough: 25)   // peak 50
        let full = SetConfirmationTests.rep(at: 2, depth: 50, trough: 0)      // peak 50
        // On prominence alone, 25 vs 50 would not be alike (50·0.6 = 30 > 25).
        #expect(SetConfirmationTests.confirmedAfterEach([raised, full], confirmReps: 2) == [[], [0, 2]])
        // Inside a set the same rep first ends the set, then is measured from the next rep's
        // trough as the first rep of a new set, so it still counts.
        let inSet = [SetConfirmationTests.rep(at: 0), SetConfirmationTests.rep(at: 2),
                     SetConfirmationTests.rep(at: 4, depth: 25, trough: 25), SetConfirmationTests.rep(at: 6)]
        #expect(SetConfirmationTests.confirmedAfterEach(inSet, confirmReps: 2) == [[], [0, 2], [], [4, 6]])
        // A rep that is shallow because its peak is low gains nothing from the lower trough: it
        // ends the set, unless it took a rep's turn in the set's rhythm (the next rep two periods
        // after the last, as here; see anUnlikeRepInTheSetsRhythmCountsWithTheNext).
        let shallow = [SetConfirmationTests.rep(at: 0), SetConfirmationTests.rep(at: 2),
                       SetConfirmationTests.rep(at: 4, depth: 25), SetConfirmationTests.rep(at: 6)]
        #expect(SetConfirmationTests.confirmedAfterEach(shallow, confirmReps: 2) == [[], [0, 2], [], [4, 6]])
        let between = [SetConfirmationTests.rep(at: 0), SetConfirmationTests.rep(at: 4),
                       SetConfirmationTests.rep(at: 6, depth: 25), SetConfirmationTests.rep(at: 7)]
        #expect(SetConfirmationTests.confirmedAfterEach(between, confirmReps: 2) == [[], [0, 4], [], []])
    }

    @Test func resetDropsUnconfirmedRepsButKeepsConfirmedOnes() {
        var set = SetConfirmation(confirmReps: 2, consistency: 0.6, setGap: 6, measure: .prominence)
        set.offer(SetConfirmationTests.rep(at: 0))
        set.offer(SetConfirmationTests.rep(at: 2))
        set.offer(SetConfirmationTests.rep(at: 4))   // in the set: confirmed at once
        #expect(set.backlog == 3)
        set.offer(SetConfirmationTests.rep(at: 100)) // pending (new set after the gap)
        set.reset()
        #expect(set.backlog == 3)
        set.offer(SetConfirmationTests.rep(at: 102))
        #expect(set.backlog == 3)                    // 100 was dropped: 102 starts a new set alone
        #expect([set.next(), set.next(), set.next(), set.next()].map { $0?.start } == [0, 2, 4, nil])
    }

    /// Reps that turned the sensor 50° for 20 cm of travel (0.4 cm per degree, a stoop or a
    /// device turned in the hand) never make a set; 40 cm for the same turn does. One such rep
    /// in a set ends it, and the next rep starts a new one, unless it took a rep's turn in the
    /// set's rhythm (see aRepThatTravelsTooLittleInTheSetsRhythmCountsWithTheNext).
    @Test func repsThatTurnMoreThanTheyTravelMakeNoSet() {
        func confirmed(depths: [Double]) -> [Double] {
            var set = SetConfirmation(confirmReps: 2, consistency: 0.3, setGap: 6, measure: .prominence,
                                      leastTravelPerDegree: 0.5)
            return SetConfirmationTests.confirmedStarts(of: &set, depths: depths, turn: 50)
        }
        #expect(confirmed(depths: [20, 20, 20, 20, 20]) == [])
        #expect(confirmed(depths: [40, 40, 40, 40, 40]) == [0, 3, 6, 9, 12])
        // The last rep of the set: nothing after it counts it.
        #expect(confirmed(depths: [40, 40, 20]) == [0, 3])
        // Between two reps (the next 1.7 s after it, under one and a half of the set's 3 s
        // periods after the set's last rep): it ends the set, and is no rep of the next.
        var set = SetConfirmation(confirmReps: 2, consistency: 0.3, setGap: 6, measure: .prominence,
                                  leastTravelPerDegree: 0.5)
        var starts: [Double] = []
        for (start, depth) in [(0.0, 40.0), (3, 40), (4.5, 20), (6.2, 40)] {
            var c = SetConfirmationTests.rep(at: start, depth: depth)
            c.turn = 50
            set.offer(c)
            while let r = set.next() { starts.append(r.start) }
        }
        #expect(starts == [0, 3])
    }

    /// Hand seed 3080 of the fast sets, at 10 Hz: rep 12 of 15 read 9 cm of travel for a 20°
    /// turn (0.45 cm per degree, under 0.5) in a set of 15–28 cm reps. Taking a rep's turn in
    /// the set's rhythm, followed by a rep alike the set, it was a rep whose travel was misread:
    /// it counts with the next, and the set goes on (it ended the set, and the two reps after it
    /// made no set of three).
    @Test func aRepThatTravelsTooLittleInTheSetsRhythmCountsWithTheNext() {
        var set = SetConfirmation(confirmReps: 3, consistency: 0.5, setGap: 8, measure: .travel(restBand: 2.4),
                                  leastTravelPerDegree: 0.5, leastSetTravelPerDegree: 0.7)
        #expect(SetConfirmationTests.confirmedStarts(of: &set, depths: [25, 26, 24, 9, 25, 26], turn: 20)
                    == [0, 3, 6, 9, 12, 15])
        // A rep after it that travels too little as well: neither counts, and the set ends.
        var twice = SetConfirmation(confirmReps: 3, consistency: 0.5, setGap: 8, measure: .travel(restBand: 2.4),
                                    leastTravelPerDegree: 0.5, leastSetTravelPerDegree: 0.7)
        #expect(SetConfirmationTests.confirmedStarts(of: &twice, depths: [25, 26, 24, 9, 9, 25, 26], turn: 20)
                    == [0, 3, 6])
    }

    /// A device handled by a wearer standing still turns 20° in each burst while the leaky
    /// estimate wanders 11–12 cm: each "rep" passes the single-rep bar (0.55–0.6 cm per degree,
    /// over 0.5), but three of them in a row travel too little for a squat's set (median under
    /// 0.7), so none counts. Squats that turn as much travel 20 cm, and one of them read short
    /// (a first rep from rest, 11 cm) does not keep the others from making a set.
    @Test func aSetsRepsMustTogetherTravelAsSquatsDo() {
        func confirmed(depths: [Double], leastSetTravelPerDegree: Double = 0.7) -> [Double] {
            var set = SetConfirmation(confirmReps: 3, consistency: 0.5, setGap: 6, measure: .prominence,
                                      leastTravelPerDegree: 0.5, leastSetTravelPerDegree: leastSetTravelPerDegree)
            return SetConfirmationTests.confirmedStarts(of: &set, depths: depths, turn: 20)
        }
        #expect(confirmed(depths: [12, 11, 12, 11, 12]) == [])
        #expect(confirmed(depths: [12, 11, 12, 11, 12], leastSetTravelPerDegree: 0) == [0, 3, 6, 9, 12])
        #expect(confirmed(depths: [11, 20, 20, 20]) == [0, 3, 6, 9])
        // Handling, then squats: the set starts once three reps travel enough together.
        #expect(confirmed(depths: [12, 11, 12, 20, 20, 20]) == [6, 9, 12, 15])
    }

    /// The first rep of a set rises from standing, where `lift` reads a third of its travel:
    /// it is judged by its fall to the next rep's trough, so a 10 cm rise that falls 40 cm
    /// with a 30° turn starts the set; one that falls only 12 cm does not.
    @Test func aFirstRepIsJudgedByItsFall() {
        func confirmed(nextTrough: Double) -> [Double] {
            var set = SetConfirmation(confirmReps: 2, consistency: 0.3, setGap: 6, measure: .prominence,
                                      leastTravelPerDegree: 0.5)
            var first = SetConfirmationTests.rep(at: 0, depth: 10)
            first.turn = 30
            var second = SetConfirmationTests.rep(at: 3, depth: 40, trough: nextTrough)
            second.turn = 30
            set.offer(first)
            set.offer(second)
            var starts: [Double] = []
            while let r = set.next() { starts.append(r.start) }
            return starts
        }
        #expect(confirmed(nextTrough: -30) == [0, 3])
        #expect(confirmed(nextTrough: -2) == [])
    }

    /// A fast `lift` set's first rep rose from rest 23 cm and fell 66 (to the next rep's trough,
    /// −43); the second rose 30 from there, the third 44. By its fall alone the first is more
    /// than twice the second, which was not alike and started the set again (the first rep
    /// lost); its travel lies anywhere between its rise and its fall, and 30 is alike that.
    /// A first rep that rose from a trough left by some movement before (20, beyond the
    /// start level) is judged by its fall as before.
    @Test func aFirstRepFromRestLiesBetweenItsRiseAndItsFall() {
        func confirmed(_ measure: SetConfirmation.DepthMeasure, firstTrough: Double = 0) -> [Double] {
            var set = SetConfirmation(confirmReps: 3, consistency: 0.5, setGap: 6, measure: measure)
            for c in [SetConfirmationTests.rep(at: 0, depth: 23, trough: firstTrough),
                      SetConfirmationTests.rep(at: 3, depth: 30, trough: -43),
                      SetConfirmationTests.rep(at: 6, depth: 44, trough: -20)] {
                set.offer(c)
            }
            var starts: [Double] = []
            while let r = set.next() { starts.append(r.start) }
            return starts
        }
        #expect(confirmed(.travel(restBand: 2.4)) == [0, 3, 6])
        #expect(confirmed(.prominence) == [])
        #expect(confirmed(.travel(restBand: 2.4), firstTrough: 20) == [])
    }

    @Test func confirmRepsIsClampedToOneThroughMaxConfirmReps() {
        #expect(SetConfirmation(confirmReps: 0, consistency: 0.6, setGap: 6, measure: .prominence).confirmReps == 1)
        #expect(SetConfirmation(confirmReps: -3, consistency: 0.6, setGap: 6, measure: .prominence).confirmReps == 1)
        #expect(SetConfirmation(confirmReps: 9, consistency: 0.6, setGap: 6, measure: .prominence).confirmReps == SetConfirmation.maxConfirmReps)
        // Clamped to 4: the fourth alike rep confirms, and never more than 4 are held back.
        let reps = (0..<5).map { SetConfirmationTests.rep(at: Double($0) * 2) }
        #expect(SetConfirmationTests.confirmedAfterEach(reps, confirmReps: 9) == [[], [], [], [0, 2, 4, 6], [8]])
    }
}
