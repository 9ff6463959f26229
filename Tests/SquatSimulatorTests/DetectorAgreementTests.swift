import SquatCore
@testable import SquatPlot
import Testing
import SquatSimulator

/// The property issue 3 asks of squatd: on simulated recordings it counts the true count,
/// across placements, sample rates (10 Hz–1 kHz), tempos (1.2–6 s) and pauses, over many
/// seeds; and counts nothing during activities that are not squats.
///
/// Tolerance: none. Every set here is at least a half squat (thigh ≥ 60° at the bottom), so no
/// rep is ambiguous; shallower, ambiguous reps are not part of the property.
/// These tests judge the detector (SquatCore), not the simulator: they fail while the
/// detector is provisional.
@Suite struct DetectorAgreementTests {
    static let rates: [Double] = [10, 12.5, 25, 50, 100, 200, 500, 1000]
    static let tempos: [Double] = [1.2, 1.5, 2, 2.5, 3, 4, 5, 6]
    /// 40: the recipe below gives each tempo to a seed in eight, so 16 seeds gave 1.2 s per rep
    /// to one set per placement, and a detector fitted to seeds 1–16 miscounted 45 of the 192
    /// sets of seeds 17–40 (November 2026); all 40 are judged now.
    static let seedsPerPlacement = 40
    /// Distractor recordings per (activity, placement), seeds 1 up. Three let cells read 0 that
    /// count on other seeds (hand handling: 13 in 10 minutes at seed 7).
    static let distractorSeeds = 6
    /// Length of each distractor recording; `Recordings/simulate-corpus.sh` writes the same ones
    /// (seeds 1–6, same rates), and `squatd evaluate` on them gives false counts per minute.
    static let distractorSeconds = 300.0
    /// Placements where some of the 40 seeds are miscounted (November 2026), judged rep by rep
    /// as `squatd plot` pairs counts with true reps (a count pairs with a true rep when it ends
    /// between the rep's start and 1.5 s after its end). Judged by the total alone until
    /// November 2026, two wrist sets passed: 11 of 11 and 5 of 5, with two reps and one
    /// counted 1.8–2.2 s after they ended, as the next rep set off. Both stand 2 s between reps;
    /// the wrist's |g| (a running mean of the samples a squat could make, 0.6 g either side)
    /// learns 0.5 m/s² low over the set's first rep, whose push above 0.6 g it leaves out and
    /// whose fall it keeps, so the push never comes back down to the signal's zero while the
    /// wearer stands, and the rep ends at the next descent. (Learning |g| from the rests, or
    /// from samples within 0.1–0.2 g, mended those and cost others: on the real barbell sets,
    /// at 0.2 g, 50 % exact became 33 %.) The wrist 2: those two. A 6 s, 60° set paused 1 s at
    /// the bottom and 2 s at the top (seed 35) counted 4 of 12 until November 2026: three of its
    /// reps braked, paused and pushed within half a start level of one another (0.02–0.20
    /// m/s²), held for `SquatDetector.maxHold` from before their braking peak, and were
    /// abandoned as seats; the 14 s gaps they left ended the set twice, and a 3 s stand after
    /// rep 8 (`SquatDetector.longestStillInSet`, the gentle descent read still for its first
    /// 1.6 s) once more. A level held from before the movement's peak, that peak above rest, is
    /// the movement's own hump, no seat (`SquatDetector.holdIsTheMovementsHump`); it counts 12
    /// (reps 9–12 as a new set after the stand)
    /// (by the total the wrist miscounted 5: the slow shallow sets whose push out of the bottom,
    /// 0.35–0.6 m/s² of `bounce`, was under its 0.7 minimum until a long hump's minimum fell
    /// with the square of its duration, `SquatStateMachine.leastDepth`; a 6 s, 75° set lost a
    /// rep to a seat until a lower posture needed a sit-down's acceleration,
    /// `RestTracker.leastSitDownAcceleration`).
    /// Agreeing on all 40: the thigh, the calf, the upper arm, the hand, the waist, the chest and
    /// the head. The upper arm's two sets without a pause at the top, read from where the arm
    /// came back to (`SquatDetector.followQuietTurn`), lost a rep each until November 2026: at
    /// 1.2 s per rep (seed 36, 12 of 13; none before that rule) the seventh rep, timed from the
    /// quasi-static posture furthest from the last bottom, the last of several within 1.6° of
    /// each other over 0.22 s, 0.2 s after the arm turned, read 0.95 s, under the upper arm's
    /// 1 s minimum, and is now timed from where the arm turned, the low-pass's delay before the
    /// tilt's trough (1.13 s); at 1.5 s per rep with 0.3 s at the bottom (seed 37, 13 of 14;
    /// none until the lagging tilt's turn, half a rep from where the arm hung still, was no
    /// longer taken for a misplaced reference, `SquatDetector.readsTheFiltersLagAsAPosture`)
    /// the second rep rose 34.3° from where the first one's ascent turned, under the 36.3° its
    /// period asks, and completed too shallow; its fall read to the tilt's lowest, 23.5°, was
    /// short of the 25.8° that reads it a quick set's rep from hanging, and read to where the
    /// arm came back to, as at a turn, 27.9° (`SquatStateMachine.fellToQuietReturn`). Five
    /// upper-arm sets that go straight from one rep into the next lost their first rep until the set's depths
    /// were read again from the reference as it moved: the arm turns round short of hanging,
    /// that posture becomes the reference (`SquatDetector.misplacedReferenceFraction`), and the
    /// first rep, read from where the arm hung, was deeper than the rest by more than their
    /// consistency allows. The
    /// head's 6 s set (seed 21) lost a rep taken between two rests as a seat (the rest after it
    /// was the slow end of its ascent, still rising, and the drift taken out of its change of
    /// height made it 46 cm down) until a lower posture needed a sit-down's acceleration
    /// (`RestTracker.leastSitDownAcceleration`; the rep read 0.07 g). The calf's half squats
    /// at 1.2–1.5 s per rep (3 sets, 5 of 5 reps lost in one) read 0.63–0.79 s, under its 0.8 s
    /// minimum rep, until a rep's wrong-way lead (the shank's forward acceleration read as
    /// gravity tilting back) was timed as part of it (`SquatDetector.passingThroughStanding`).
    /// The waist's first rep of a slow set read under the 8 cm minimum from standing (seeds 35
    /// and 40) and counts by its fall (`SquatStateMachine.settleShallow`); a fast set's first
    /// rep read its fall twice the second rep's rise (seed 36), and lies anywhere between its
    /// rise and its fall (`SetConfirmation.DepthMeasure.travel`). The chest's paused 1.5 s set
    /// at 10 Hz (seed 8), whose |a| swings by 15–25 m/s² within a few samples, read a whole rep
    /// 41 cm lower from one standing rest to the next, an upright seat: a movement harder than
    /// a squat (0.6 g) changes no posture (`RestTracker.mostPostureChangeAcceleration`).
    ///
    /// The number is exact: more sets miscounted fail the test as a regression would, and fewer
    /// fail it until the number is lowered, so a change can neither hide a loss behind the
    /// known-issue marker nor leave a gain unrecorded.
    static let placementsMiscountedToday: [Placement: Int] = [.wrist: 2]
    /// Where each distractor is still counted as squats (by placement). Bending over with a
    /// wrist band or a controller on
    /// a hanging arm moves down and up with the body as it would in a squat, the arm keeping its
    /// direction while the trunk leans, so the band turns by a tenth of the lean (bending over):
    /// only the wearer's standing 2–7 s between bends tells those from a set, and a rest
    /// longer than 5 s ends one (`SquatDetector.longestRestInSet`), but slow squats, whose
    /// acceleration stays under the rest's tolerance, rest up to 4.7 s between reps, so bends
    /// up to about 4 s apart still pair up (2.6–3.4 a minute, 3.1–4.7 before);
    /// and a band turned against the shin while the wearer stands (±7° rms) now and then leans
    /// like a knee, three times alike, each turn going out and back along one line or looping
    /// one way and back the other, and down the path the turn before it took (handling).
    /// Not counted any more (November 2026): picking up on the thigh (a thigh bends at the knee
    /// in a stoop as in a shallow squat, 20–35°, inside the real partial squats' 28–46°, and
    /// the simulator bends a stooping leg as a squatting one; standing over 3 s between bends
    /// ends the set, `SquatDetector.longestStandInSet`, which left three bends in a row a breath
    /// apart, 0.1 a minute, and 0.2–0.9 on held-out seeds; a rep shallower than 40° that stays
    /// within a tenth of its depth of its bottom for more than 0.45 of its time is a bend held
    /// while the trunk reaches the floor, `SquatDetector.heldAShallowBend(_:leftBottom:)`: a smooth rep
    /// spends 0.26–0.32 there, the real partial squats 0.39 at most, the simulated stoops
    /// 0.35–0.71); picking up at the wrist (94 reps, 3.1 a minute;
    /// 3.9 and 5.3 before): the hanging hand rides on a shoulder that turns about the hip, so
    /// it moves forward first and down after, on an arc, where hands on a bar on the back go
    /// along a line; what a straight path and a depth-shaped tilt leave of the horizontal
    /// acceleration, against the vertical one, scores 0.31–5.0 on the simulated stoops (98 %
    /// over 0.5) and at most 0.46 on the simulated squat reps, 0.41 on the real ones
    /// (`SwingPath`, `SquatDetector.swungOnAnArc`; held-out corpora A–E: 923 reps to 0, no squat
    /// set counted differently); before it, a hanging arm that reaches
    /// down often turned the band further than hands on a bar (30°), and standing still
    /// for longer than a breath at the top of a set ends it (`SquatDetector.longestStillInSet`);
    /// picking up on the head (the head looks at what
    /// the hand reaches for and tilts 45–75°, past the head's 50°, `Thresholds.maxTurn`; 3.3 a
    /// minute while the simulated head kept looking ahead, and the bends, 24–68 cm down and up,
    /// were otherwise a set of squats); picking up with a controller in the other hand (the held
    /// hand hangs from the shoulder at the bottom of a bend and turns 9–145°, past the hand's
    /// 45°, `Thresholds.handMaxTurn`; 3.3 a minute while the simulated hand kept its direction
    /// in the world, the bends moving it 24–68 cm down and up as a squat does); picking up on the calf (the shin bends 10–18° in
    /// a stoop; 0.3 a minute with the 4 s stand timed within half a start level of standing,
    /// none with 3 s timed from rest to setting off, `SquatDetector.longestStandInSet`;
    /// held-out seeds 7–30 still count 0.2–0.5); walking (a walk ends the set, and a leg's
    /// alternating heel strike and toe-off are steps; on the thigh over more seeds too, see
    /// ``walkingCountsNothingOnTheLegs(placement:)``; a controller in the hand, which swings with
    /// the arm once per stride, too slowly for the gait check, turns 70–100° per stride, read
    /// at 12.5 Hz where |a| passes through |g| between two samples); sitting
    /// on the thigh and calf: a tilt held 3 s is a seat (`SquatDetector.maxHold`; before, a
    /// 4–7 s sit counted on the thigh as a slow squat with a pause), and on the upper arm, whose
    /// arm held up is no seat (`SquatDetector.heldLevelIsPosture`), sitting counts nothing either; bending over on the chest and arm gestures in the hand: a rep may not turn the
    /// sensor further than a squat can (`Thresholds.maxTurn`: 60° on the trunk, which leans
    /// 60–95° in a stoop and at most ~55° in a squat; 30° on a wrist holding a bar, read where
    /// |a| stayed near |g| and from the movement's mean direction; 135° on the
    /// upper arm); arm gestures and handling at the wrist: its turn is measured from where the
    /// wearer last stood still, so an arm raised in one swing, never quasi-static while it
    /// moves, shows its turn once held, and |g| is learned only from what a squat could make,
    /// so waving does not move the signal's zero, and a hand that turned the band past the
    /// limit is free until the wearer stands still again (`SquatDetector.handLeftTheBar(_:)`:
    /// the movements that bring it back read small turns; seed 7 at 100 Hz counted 3 in 10
    /// minutes, held-out seed 70 3 in 5); sitting down on `lift` and `bounce` sensors
    /// (waist, head, chest, hand, wrist): a wearer who came to rest 8 cm or more lower than the
    /// rest before and stayed there 3 s sits (`RestTracker`, the height change between two
    /// rests integrated over the movement alone, if it accelerated as a sit-down does: a slow
    /// squat paused at the bottom, never 0.05 g, is no seat; on the chest at once if the trunk is back
    /// within 15° of standing, `SquatDetector.uprightSeatLean`, where a squatter leans 20–45°
    /// forward to keep the body over the feet), no movement is a rep until the wearer has stood
    /// up, and a seat whose sit-down |a| reads shallow (the hips swinging back add to |a|) or
    /// that is never still long enough makes only two rep-shaped movements (sitting down,
    /// standing up), where a `lift` set needs three alike (`Thresholds.confirmReps`), and a
    /// movement that sets off down from a rest lower than the one before is someone seated
    /// leaning forward to stand up, not a rep (`SquatDetector.startedLowered`; in the hand,
    /// seed 5 at 1 kHz, short seats counted 3 in 5 minutes before); handling
    /// on the waist, head, chest and hand: a `lift` rep must travel 0.5 cm per degree its
    /// sensor turned (`SetConfirmation.leastTravelPerDegree`; a squat travels ~1 cm per degree
    /// of lean), and the reps that confirm a set 0.7 in their median
    /// (`SetConfirmation.leastSetTravelPerDegree`: handling's "reps" read 0.4–0.6 each), and what
    /// handling leaves makes no three alike reps; a set's first rep must go
    /// a rep's depth below rest, not from where the estimate wandered above it while a strap was
    /// turned (`SquatDetector.roseFromAboveRest`; chest handling on seeds 19–60 counted 20,
    /// now 7); in the hand it may turn
    /// no more than 45° (`Thresholds.handMaxTurn`: a held device keeps its direction while the
    /// trunk leans and turns only with the arms' balance raise; handled, it turns 40–130°, and
    /// the turns of 45–60° had counted 0.53 a minute on seeds 4–9); bending over at the waist
    /// (was 6.9 a minute, then 3.0; the corpus's seeds 4–9, at other rates, 0.1): travel per
    /// degree and three alike reps, and, for the travel, what a rest shows: a movement from one
    /// rest to the next that turned the pelvis with under 0.5 cm of height change per degree
    /// ends the set (`RestTracker.turnedInPlace`: a bend paused at the bottom), and the
    /// estimate's creep while the sensor rests is no travel (`SquatDetector.crept`: bent over,
    /// a miscalibrated sensor's |a| reads 1–2 % off, which the leaky estimate integrates into a
    /// rise above standing that it forgets while the wearer stands, the descent of a 5–9 s
    /// "rep"; picking up at the waist, where the wearer sways between bends and that rest is
    /// never seen, counted none here but 7, 13, 3, 3 and 10 on held-out rows A–E: a rep still to
    /// confirm a set must travel 0.4 cm per degree after it set off or began to turn,
    /// `SquatDetector.travelledBeforeTurning`, 4, 0, 0, 0 and 3 now); arm gestures on the upper
    /// arm: a movement that lifted the sensor on its way up (an arm turning about a still
    /// shoulder, where a squat takes it down with the body) and then stayed near its top for
    /// more than 3 times its rise is an arm raised to point or wave, and it ends the set
    /// (`SquatDetector.wasRaisedAndHeld`; before, runs of three raises peaking at 80–133°, no
    /// higher than a squat's arm swing, counted 1.67 a minute).
    /// Fewer since November 2026 (still counted, so still listed): handling on the calf
    /// (0.1 a minute, was 1.8, then 0.7, then 0.33, then 0.2; 0–0.3 on held-out corpora A–E,
    /// 0.14 in all, was 0.35, and 0–0.38 before that): a turn of 6° or more and back, quicker
    /// than a knee makes, with |a| at |g| throughout, is the band turned by hand and ends the
    /// set (`SquatDetector.turnedByHandJolt`), so does a lean that loops, where a knee leans out
    /// and back along one line (`SquatDetector.widestLeanLoop`), three alike reps start a calf
    /// set (`Thresholds.defaults(for:)`), and those three must each go down the path the one
    /// before took, as a knee bending about one axis does, where a hand turns the band about
    /// whatever axis it turns it (`SquatDetector.widestRetrace`: 6 → 3 here, 52 → 21 on A–E).
    /// Five minutes per seed: sitting down or bending over happens every 5–20 s, and a shorter
    /// recording (45 s until November 2026) let a placement pass that counts 2 a minute.
    /// The number is the reps counted over the six recordings, exact as for
    /// ``placementsMiscountedToday``.
    static let distractorsCountedToday: [Activity: [Placement: Int]] = [
        .handling: [.calf: 3],
    ]

    /// One varied squat set per seed: the seed picks rate, tempo, depth, pauses and reps.
    static func squatSet(_ placement: Placement, seed: UInt64) -> SimulationSettings {
        var s = SimulationSettings()
        s.placement = placement
        s.seed = seed
        let i = Int(seed)
        s.sampleRate = rates[i % rates.count]
        s.tempo = tempos[(i / rates.count + i) % tempos.count]
        s.depth = [60.0, 75, 90, 100, 110][i % 5]
        s.bottomPause = [0, 0.3, 1.0][i % 3]
        s.topPause = [0, 0.5, 2.0][(i / 3) % 3]
        s.reps = 3 + i % 13
        s.jitter = 0.1
        s.dropRate = 0.01
        return s
    }

    @Test(arguments: Placement.allCases)
    func countsTheTrueCount(placement: Placement) throws {
        let wrong = try Self.setsMiscounted(placement, seeds: 1...UInt64(Self.seedsPerPlacement), recipe: Self.squatSet)
        Self.expectPinned(wrong, known: Self.placementsMiscountedToday[placement, default: 0], pin: "placementsMiscountedToday",
                          what: "\(placement): \(wrong.count) of \(Self.seedsPerPlacement) sets miscounted")
    }

    /// Fast sets, the recipe's other settings with 1.2 s a rep and no pause at the top, on the
    /// seeds of the README's first fast corpus (3001–3040, `Recordings/simulate-corpus.sh` with
    /// `TEMPO=1.2 TOP_PAUSE=0`). The recipe gives 1.2 s a rep to one seed in eight, so
    /// ``countsTheTrueCount(placement:)`` judges five such sets per placement, all with a pause
    /// at the top on some seeds; these are the sets the held-out fast corpora miscount most.
    @Test(arguments: Placement.allCases)
    func countsFastSets(placement: Placement) throws {
        let wrong = try Self.setsMiscounted(placement, seeds: Self.fastSeeds, recipe: Self.fastSet)
        Self.expectPinned(wrong, known: Self.fastSetsMiscountedToday[placement, default: 0], pin: "fastSetsMiscountedToday",
                          what: "\(placement): \(wrong.count) of \(Self.fastSeeds.count) fast sets miscounted")
    }

    /// A known issue pinned to its number (`known`, written in `pin`): more miscounted sets
    /// than that is a regression, fewer must be written there, so a change can neither hide a
    /// loss behind the known-issue marker nor leave a gain unrecorded; the marker fails once
    /// none is left.
    static func expectPinned(_ wrong: [String], known: Int, pin: String, what: String) {
        let report = what + ":\n" + wrong.joined(separator: "\n")
        #expect(wrong.count == known, Comment(rawValue: "\(pin) says \(known); " + report))
        if known > 0 {
            withKnownIssue("issue 3: \(what)") {
                #expect(wrong.count == 0, Comment(rawValue: report))
            }
        }
    }

    static let fastSeeds: ClosedRange<UInt64> = 3001...3040
    /// Where some fast sets (``countsFastSets(placement:)``) are miscounted (November 2026),
    /// exact as ``placementsMiscountedToday``. Seed 3001 (12.5 Hz, 0.3 s at the bottom) lost
    /// 0.71 s of samples over rep 13's bottom and lost one or two reps on the waist, head, chest,
    /// hand and calf; it counts every rep since the run is bridged so that the travel comes out
    /// of it rising as fast as it went in falling, and a crossing in the run is read on the line
    /// between the samples either side (`aRunOfLostSamplesOverARepsBottomLosesNoRep`); 10 Hz
    /// sets (3008, 3032, 3040) lose up to all their reps, their travel read 0.3 of a depth off
    /// (see `SquatSignal`'s `integrateTravel`); the upper arm's 3021 (200 Hz) counts none; the
    /// wrist's 3035 (50 Hz, 1 s at the bottom) merges two reps. The wrist's 3015 (1 kHz) counts
    /// every rep: its first five read 0.73–0.79 s, under the 0.8 s a rep needs before a set is
    /// confirmed, and lead into the set in its tempo (`SquatStateMachine.Candidate.leadsOnly`;
    /// 10 of 15 before, 7 before the 0.7 s of `SquatDetector.shortestWristRep`), as does the
    /// wrist's 3030 (3 of 4 before). The calf's 3015 (1 kHz) counts 12 of 15 (4 before: its
    /// reps read 0.66–0.78 s, `SquatDetector.shortestShinRep`): its first rep reads 2.04 s, and
    /// three leads take 0.69–0.72 of the confirming reps' median, under
    /// `SetConfirmation.leastLeadTempo`. The waist's 3005 (200 Hz, 1 s at the bottom) counts
    /// every rep (none before its reps paused at the bottom showed their travel in their rise
    /// too, `SetConfirmation`'s `travelReading(of:fall:)`; 3 of 5 while the set kept their
    /// falls, see `aPausedFastSetsRepsReadShortDoNotEndTheSet`), and the waist's 3010 every rep
    /// since its brake and push are no walk (`aFastSetsBrakeAndPushAreNoWalk`, 9 of 10 before).
    /// The wrist's 3001 counts every rep since a rep unlike the set in the set's rhythm counts
    /// (`SetConfirmation.offer(_:)`), the upper arm's 3027 every rep since one set off late from
    /// the last rep's lagging turn is timed from that turn
    /// (`SquatDetector.turnedWhileTheFilterLagged`; 13 of 14 before, 6 sets miscounted there).
    /// The upper arm's 3001 and 3032 (12.5 and 10 Hz, paused 0.3 and 1 s at the bottom) count
    /// every rep since an arm held up while the body brakes and pushes back up ends no set as a
    /// raised arm (`SquatDetector.heldArmPush`; 12 of 14 and none of 6 before, a fling read as
    /// the sensor going up).
    static let fastSetsMiscountedToday: [Placement: Int] = [
        .waist: 1, .calf: 1, .wrist: 1, .upperArm: 3, .head: 1, .hand: 1,
    ]

    /// Fast seed 3040 (10 Hz, 60°, 0.3 s at the bottom, 14 reps) lost 7 single samples; the
    /// sample after each, held over the lost one's interval too, read the travel tens of
    /// centimetres off, and reps merged (11 of 14 on the chest). The lost sample's
    /// half of the interval integrated on the line between the samples either side
    /// (`SquatDetector.lostSampleSpacing`), every rep counts.
    @Test(arguments: [Placement.chest])
    func aSingleLostSampleInAFastSetAt10HzLosesNoRep(placement: Placement) throws {
        try Self.expectEveryRep(of: Self.fastSet(placement, seed: 3040), reps: 14)
    }

    /// Fast seed 3001 (12.5 Hz, 75°, 0.3 s at the bottom) lost 0.71 s of samples (22.48–23.19 s)
    /// over rep 13's descent and bottom. On the trunk and in the hand the straight line bridged
    /// over the run never braked the descent, and reps 13 and 14 read as one movement 1.6–2 m
    /// deep that ended the set (12 of 14); bridged so that the travel comes out of the run rising
    /// as fast as it went in falling (`SquatDetector.runHidingABottom`), both count. On the calf
    /// rep 13's start level was crossed in the run and read 0.1 s before its end, and the rep,
    /// 0.65 s long so, was under its set's tempo (13 of 14); read on the line between the
    /// samples either side (`SquatDetector.crossingReach(at:dt:)`), it counts.
    @Test(arguments: [Placement.waist, .head, .chest, .hand, .calf])
    func aRunOfLostSamplesOverARepsBottomLosesNoRep(placement: Placement) throws {
        let recording = try SquatSimulator(Self.fastSet(placement, seed: 3001)).run()
        let counted = Self.reps(recording.samples, placement)
        #expect(counted.count == 14, "reps at \(counted.map(\.start))")
        let hidden = (start: recording.repStarts[12], end: recording.repEnds[12])
        #expect(counted.contains { $0.end > hidden.start && $0.start < hidden.end && $0.end < hidden.end + 0.5 },
                "reps at \(counted.map(\.start)), rep 13 from \(hidden.start) to \(hidden.end)")
    }

    /// Sitting down and standing up with a controller in the hand, five minutes at 12.5 Hz
    /// (seed 19, a held-out row's): 0.64 s of samples were lost (12.32–12.96 s) in a sit-down,
    /// before any set. The run could hide a bottom, but no set says the movement is a squat, and
    /// the straight line bridges it (`SquatDetector.hidesABottom`): bridged so that the travel
    /// came out of the run rising as fast as it went in falling, the sit-downs and stand-ups
    /// made a set of 3.
    @Test func aRunOfLostSamplesOutsideASetHidesNoSquat() throws {
        let s = Self.distractor(.sitStand, .hand, seed: 19, rate: 12.5)
        #expect(Self.count(try SquatSimulator(s).run().samples, .hand) == 0)
    }

    /// The waist's fast half squats paused 1 s at the bottom (seed 3005: 60°, 200 Hz, 5 reps)
    /// count every rep. Reps 2 and 3 turned into the next descent short of their return and read
    /// falls of 12 and 13 cm that rose 21 and 50: alike the set by a reading between the two,
    /// the set kept their falls, and reps 4 and 5 (30 and 27 cm) were unlike it and ended the
    /// set (3 of 5); it keeps the reading they were judged alike by (`SetConfirmation`).
    @Test func aPausedFastSetsRepsReadShortDoNotEndTheSet() throws {
        let recording = try SquatSimulator(Self.fastSet(.waist, seed: 3005)).run()
        let counted = Self.reps(recording.samples, .waist)
        #expect(counted.count == 5, "reps at \(counted.map(\.start))")
    }

    /// A fast set's brake and push (seed 3010 at the waist, 25 Hz, 60°, 0.3 s at the bottom:
    /// jolts 0.6, 0.79 and 0.6 s apart over reps 5 and 6) are no walk where footfalls come
    /// evenly (`GaitDetector.takesAnEvenStep`): short, long, short is no walk's run. Taken for
    /// one, the walk kept rep 6 from counting (9 of 10); before that, until November 2026, a
    /// movement chained out of one walked during was taken as walked during too, and nothing
    /// after the walk counted (5 of 10). Now every rep counts, each where it happened.
    @Test func aFastSetsBrakeAndPushAreNoWalk() throws {
        let recording = try SquatSimulator(Self.fastSet(.waist, seed: 3010)).run()
        let counted = Self.reps(recording.samples, .waist)
        let sixthRepEnds = try #require(recording.repEnds.dropFirst(5).first)
        #expect(counted.count == 10, "reps at \(counted.map(\.start))")
        #expect(counted.filter { $0.start > sixthRepEnds }.count == 4, "reps at \(counted.map(\.start))")
    }

    /// Fast upper-arm sets whose arm swings 35–40° between reps (seeds 3057: 12.5 Hz, 90°, 5
    /// reps; 4407: 1 kHz, 90°, 3 reps): through the 1 Hz low-pass their first rep's ascent swings
    /// 21.7° and 22.48° before the next rep sets off straight out of it, under the half `minDepth` (22.5°) a
    /// swing as read needed for the rep to be timed from the turn, and timed from where it rose
    /// a start level out of it the rep read 0.8 s, under the arm's 1 s minimum (4 of 5 and none
    /// of 3 counted). Asked at the filter's gain at the quickest tempo
    /// (`SquatDetector.followQuietTurn`), every rep counts.
    @Test(arguments: [(UInt64(3057), 5), (UInt64(4407), 3)])
    func aQuickArmSwingIsTimedFromItsFilteredTurn(seed: UInt64, reps: Int) throws {
        let recording = try SquatSimulator(Self.fastSet(.upperArm, seed: seed)).run()
        let counted = Self.reps(recording.samples, .upperArm)
        #expect(counted.count == reps, "reps at \(counted.map(\.start)), simulated at \(recording.repStarts)")
    }

    /// Guards `aQuickArmSwingIsTimedFromItsFilteredTurn`: an arm waved or pointed straight out
    /// of a movement before swings like a quick rep chained out of the last one, and a swing of
    /// 13.3° through the filter is now enough for it to be timed from that turn, which lengthens
    /// it past the arm's 1 s minimum. Arm gestures at the upper arm on seeds never tuned on
    /// (430–439, five minutes each, 10 Hz–1 kHz) count nothing, as before.
    @Test func armGesturesAreNoQuickArmSwings() throws {
        try Self.expectNothingCounted(.armGestures, .upperArm, seeds: 430...439)
    }

    /// A fast set at 10 Hz (seed 4120 of the fast recipe: 60°, 0.3 s at the bottom, 15 reps) on
    /// the head: its brake and push, read at samples 0.1 s apart, came 0.6, 0.79 and 0.61 s
    /// apart over reps 3 and 4, a walk until they were read as a paused set's
    /// (`GaitDetector.takesAnEvenStep`); the walk ended the pending set and took the movement
    /// it came in, and 10 of 15 counted. Now 12: three reps are still lost to the estimate's
    /// wander at 10 Hz (`SquatSignal`'s `integrateTravel`).
    @Test func aTenHertzFastSetsBrakeAndPushAreNoWalk() throws {
        let recording = try SquatSimulator(Self.fastSet(.head, seed: 4120)).run()
        #expect(Self.count(recording.samples, .head) == 12)
    }

    /// A fast hand set (seed 4050: 25 Hz, 60°, 10 reps) whose rep 8 ascended into rep 9's
    /// descent short of its return: rep 8's end is read 0.4 s late, where its ascent turned, and
    /// rep 9 ends 0.47 s after it, though their bottoms lie 1.08 s apart. Spaced at their ends,
    /// rep 9 was dropped (9 of 10); a rep chained in tempo out of the last is spaced at the
    /// bottoms (`SquatDetector.spacesChainedRepsAtBottoms`).
    @Test func aFastHandRepChainedOutOfTheLastCounts() throws {
        let recording = try SquatSimulator(Self.fastSet(.hand, seed: 4050)).run()
        let counted = Self.reps(recording.samples, .hand)
        #expect(counted.count == 10, "reps at \(counted.map(\.start))")
        let pairs = zip(counted, counted.dropFirst())
        #expect(pairs.contains { $1.start == $0.end && $1.end - $0.end < 0.8 }, "reps \(counted)")
    }

    /// Fast upper-arm sets whose quick reps read shorter than the quickest tempo through the
    /// 1 Hz filter (`SquatStateMachine.quickestRepReading`): timed from where the filtered tilt
    /// left its bottom to where it turned, a 1.2 s rep reads 1.0–1.2 s, and a rep read under
    /// 1.2 s was not ended at its turn as a quick set's rep: seeds 4023 (1 kHz, 100°), 4081
    /// (12.5 Hz, 75°, 0.3 s at the bottom) and 4096 (10 Hz, 75°, 0.3 s at the bottom) counted 8
    /// of 9, 13 of 15 and 3 of 4.
    @Test(arguments: [(UInt64(4023), 9), (4081, 15), (4096, 4)])
    func aQuickArmRepReadShortOfTheQuickestTempoCounts(seed: UInt64, reps: Int) throws {
        let recording = try SquatSimulator(Self.fastSet(.upperArm, seed: seed)).run()
        #expect(recording.repEnds.count == reps)
        #expect(Self.count(recording.samples, .upperArm) == reps)
    }

    /// A shallow fast set at the upper arm (seed 4120: 10 Hz, 60°, 0.3 s at the bottom, 15
    /// reps) whose arm never comes back to hanging between reps (16–23° to 50–54°): its reps'
    /// filtered swing reads 20°, under half a `minDepth` as read, and a descent that set off
    /// 26° from hanging moved the reference there, as for an arm that rests half raised; the
    /// reps after it read 25° and did not count (none of 15, 3 with the quick reps' reading
    /// alone). Where the arm hung still is kept as the reference while the filter lags a swing
    /// of half a `minDepth` at the quickest tempo's gain (`SquatDetector`'s
    /// `readsTheFiltersLagAsAPosture`): 11 of 15 (reps 4, 9, 11 and 12 are still lost).
    @Test func aShallowQuickSetKeepsWhereTheArmHungAsItsReference() throws {
        let recording = try SquatSimulator(Self.fastSet(.upperArm, seed: 4120)).run()
        #expect(Self.count(recording.samples, .upperArm) == 11)
    }

    /// Fast upper-arm sets at 1 kHz begun 1.3–1.8 s into the stream (seeds 6095: 60°, 1 s at
    /// the bottom, 14 reps; 6151: 75°, 0.3 s, 5 reps; 6367: 90°, 0.3 s, 13 reps): the stream's
    /// first sample, with which the filter and the stillness mean were primed, carries up to
    /// 0.7 m/s² of noise, the settled acceleration read as moving against the mean, the
    /// reference was never where the arm hung still, and no rep was read from hanging: none
    /// counted. With the stillness mean started again once the filter has settled
    /// (`SquatSignal.step`), every rep counts.
    @Test(arguments: [(UInt64(6095), 14), (6151, 5), (6367, 13)])
    func aQuickSetBegunAsTheFilterSettlesIsReadFromHanging(seed: UInt64, reps: Int) throws {
        try Self.expectEveryRep(of: Self.fastSet(.upperArm, seed: seed), reps: reps)
    }

    /// Expects the simulated set `settings` to hold `reps` reps and the detector to count each.
    static func expectEveryRep(of settings: SimulationSettings, reps: Int) throws {
        let recording = try SquatSimulator(settings).run()
        #expect(recording.repEnds.count == reps)
        let counted = Self.reps(recording.samples, settings.placement)
        #expect(counted.count == reps, "seed \(settings.seed): reps at \(counted.map(\.start)), simulated at \(recording.repStarts)")
    }

    /// Guards `aQuickSetBegunAsTheFilterSettlesIsReadFromHanging`: a band handled as the
    /// stream begins is still moving when the filter has settled, and its posture then is no
    /// arm hanging still. Handling at the upper arm on seeds never tuned on (500–509, five
    /// minutes each, 10 Hz–1 kHz) counts nothing.
    @Test func aBandHandledAsTheStreamBeginsCountsNothing() throws {
        try Self.expectNothingCounted(.handling, .upperArm, seeds: 500...509)
    }

    /// Fast upper-arm sets paused 1 s at the bottom (seeds 6356: 100 Hz, 75°, 15 reps; 6293:
    /// 200 Hz, 100°, 4 reps; 6079: 1 kHz, 110°, 0.3 s, 11 reps): the arm is held up through
    /// the pause and swung down and straight up into the next rep in about 1.2 s, but the
    /// filter's gain was read at the movement's duration as timed when asked, up to 2.4 s
    /// (0.85), and the fall back towards hanging fell short of the bar (6356: 23.5° of the
    /// 30.3° asked of a 59.4° bottom). Read at the arm's swing
    /// (`SquatStateMachine.swingPeriod`), every rep counts (none, none and 8 before).
    @Test(arguments: [(UInt64(6356), 15), (6293, 4), (6079, 11)])
    func aPausedQuickRepIsReadAtItsSwing(seed: UInt64, reps: Int) throws {
        try Self.expectEveryRep(of: Self.fastSet(.upperArm, seed: seed), reps: reps)
    }

    /// Guards `aPausedQuickRepIsReadAtItsSwing`: the swing's gain, down to the quickest
    /// tempo's, lowers the fall asked of a movement read from hanging. Arm gestures at the
    /// upper arm on seeds never tuned on (530–539, five minutes each) count nothing.
    @Test func armGesturesAreNoPausedQuickReps() throws {
        try Self.expectNothingCounted(.armGestures, .upperArm, seeds: 530...539)
    }

    /// The guard of the two above: the upper arm's quick, shallow swings that are no squats,
    /// gestures and a phone handled in its band, on seeds never tuned on (400–411, 5 minutes
    /// each), count nothing with the quick reps read down to 1.1 s and the reference kept.
    @Test(arguments: [Activity.armGestures, .handling])
    func quickArmMovementsThatAreNoSquatsCountNothing(activity: Activity) throws {
        try Self.expectNothingCounted(activity, .upperArm, seeds: 400...411)
    }

    /// Expects `activity` at `placement` over `seeds` (five minutes each) to count nothing.
    static func expectNothingCounted(_ activity: Activity, _ placement: Placement, seeds: ClosedRange<UInt64>) throws {
        let wrong = try Self.recordingsCounted(activity, placement, seeds: seeds)
        #expect(wrong.reps == 0, Comment(rawValue: wrong.recordings.joined(separator: "\n")))
    }

    /// A slow set paused 2 s at the top (seed 645 of the recipe: 200 Hz, 4 s a rep, 60°, 11
    /// reps), whose estimate creeps in the pauses: two reps read their descent, timed from
    /// where the creep reached the level their ascent counts from, over 5 times their ascent,
    /// and were dropped as creep (`SquatDetector.descendedTooSlowly`), 9 of 11 counted in the
    /// hand and on the waist and chest. They took the set's time from start to end, and count
    /// (`SquatDetector.keepsTheSetsTempo`).
    @Test(arguments: [Placement.hand, .waist, .chest])
    func aSlowSetsRepsThatCreptInThePauseCount(placement: Placement) throws {
        let recording = try SquatSimulator(Self.squatSet(placement, seed: 645)).run()
        #expect(Self.count(recording.samples, placement) == 11)
    }

    /// Slow half squats with a controller in the hand (seeds 4010: 25 Hz, 6 s a rep, 60°, 1 s at
    /// the bottom, 0.5 s at the top, 9 reps; 4700: 100 Hz, 6 s, 60°, 1 s at the bottom, 10 reps): the
    /// hand neither turns nor accelerates enough in such a rep to leave the sensor's rest, which
    /// ran from the rep before through the next descent past `longestRestInSet` (5 s) and
    /// ended the set mid-set; 7 of 9 and 5 of 10 counted. A movement that set off during the
    /// rest is no part of it in the hand (`SquatDetector.followRestOutsideItsMovements`): every rep counts.
    @Test(arguments: [(UInt64(4010), 9), (4700, 10)])
    func aSlowShallowHandRepReadAsRestDoesNotEndTheSet(seed: UInt64, reps: Int) throws {
        let recording = try SquatSimulator(Self.squatSet(.hand, seed: seed)).run()
        #expect(recording.repEnds.count == reps)
        #expect(Self.count(recording.samples, .hand) == reps)
    }

    /// Slow half squats with a controller in the hand whose descent stays within
    /// `SquatDetector.creepTolerance` throughout (seeds 135: 1 kHz, 6 s a rep, 60°, 8 reps;
    /// 4650: 25 Hz, 6 s, 60°, 2 s at the top, 12 reps): the descent the estimate read while the
    /// sensor rested was taken for creep, a rep travelled too little for its turn without it
    /// (`SquatDetector.crept`) and ended the set; 7 of 8 and 11 of 12 counted. A movement that
    /// set off during the rest reads no creep of it in the hand: every rep counts.
    @Test(arguments: [(UInt64(135), 8), (4650, 12)])
    func aSlowShallowHandRepsDescentIsNoCreep(seed: UInt64, reps: Int) throws {
        let recording = try SquatSimulator(Self.squatSet(.hand, seed: seed)).run()
        #expect(recording.repEnds.count == reps)
        #expect(Self.count(recording.samples, .hand) == reps)
    }

    /// The guard of the two above: bending over to pick something up with a controller in the
    /// hand, whose stands between bends rest 2–7 s while the estimate creeps back from the
    /// bend before (a movement begun before the rest, which counts whole), on seeds never tuned
    /// on (400–411, 5 minutes each), counts nothing.
    @Test func handPickUpsRestingBetweenBendsCountNothing() throws {
        try Self.expectNothingCounted(.pickUp, .hand, seeds: 400...411)
    }

    /// Picking things up at the waist, five minutes (seeds the agreement seeds do not reach, at
    /// the rates the recipe gives them: 12 at 100 Hz, 528 at 10 Hz): after each bend the
    /// estimate overshoots above rest and creeps back while the wearer stands 2–7 s, and that
    /// creep is the descent of a "rep" whose bottom is the next bend. The movement begins as
    /// the wearer finishes straightening, |a| still past 0.03 g, and read as its set-off there
    /// the creep counted as travel after it: each counted 4. Set off from the still moment
    /// before the bend (`SquatDetector.followSetOff`), none count.
    @Test(arguments: [(UInt64(12), 100.0), (528, 10)])
    func waistPickUpsSetOffFromStandingStill(seed: UInt64, rate: Double) throws {
        let s = Self.distractor(.pickUp, .waist, seed: seed, rate: rate)
        #expect(Self.count(try SquatSimulator(s).run().samples, .waist) == 0)
    }

    /// Handling a chest strap or belt clip, five minutes (seeds the agreement seeds do not
    /// reach, at the rates the recipe gives them: chest 515 at 12.5 Hz and 559 at 200 Hz, waist
    /// 70 at 25 Hz): the sensor turned 10–27° by hand while the wearer stands, and a
    /// miscalibrated sensor's |a| read as 8–26 cm of travel, three turns alike in depth counted
    /// 3, 3 and 4. Each turns about its own axis, where a squat turns the strap or clip about
    /// the body's left–right axis every rep (`SquatDetector.tiltedAboutAnotherAxis`): none count.
    @Test(arguments: [(Placement.chest, UInt64(515), 12.5), (.chest, 559, 200), (.waist, 70, 25)])
    func sensorTurnedByHandAboutVariedAxesIsNoSet(placement: Placement, seed: UInt64, rate: Double) throws {
        let s = Self.distractor(.handling, placement, seed: seed, rate: rate)
        #expect(Self.count(try SquatSimulator(s).run().samples, placement) == 0)
    }

    /// The guard of the one above: the chest squat sets whose reps, before the set was
    /// confirmed, read their axes furthest apart (26° and 23°) on seeds never tuned on count
    /// every rep: 6351 paused 2 s at the top (1 kHz, 1.2 s a rep, 75°) and 6234 at 1.2 s a rep
    /// without a pause (25 Hz, 110°), 10 of 10 each.
    @Test func chestSetsTurnAboutOneAxis() throws {
        var paused = Self.squatSet(.chest, seed: 6351)
        paused.topPause = 2
        for settings in [paused, Self.fastSet(.chest, seed: 6234)] {
            let recording = try SquatSimulator(settings).run()
            #expect(recording.expectedReps == 10)
            #expect(Self.count(recording.samples, .chest) == 10, "seed \(settings.seed)")
        }
    }

    /// ``squatSet(_:seed:)`` at 1.2 s a rep without a pause at the top.
    static func fastSet(_ placement: Placement, seed: UInt64) -> SimulationSettings {
        var s = squatSet(placement, seed: seed)
        s.tempo = 1.2
        s.topPause = 0
        return s
    }

    /// The sets of `recipe` over `seeds` whose reps squatd does not count one for one, each
    /// described. Judged rep by rep, as `squatd plot` pairs them: a miss and a double count in
    /// one set leave the total right, and so does a rep counted after the next one began.
    static func setsMiscounted(_ placement: Placement, seeds: ClosedRange<UInt64>,
                               recipe: (Placement, UInt64) -> SimulationSettings) throws -> [String] {
        var wrong: [String] = []
        for seed in seeds {
            let settings = recipe(placement, seed)
            let recording = try SquatSimulator(settings).run()
            let counted = Self.reps(recording.samples, placement)
            let truth = zip(recording.repStarts, recording.repEnds).map { $0...$1 }
            let matching = RepMatching(counted: counted, truth: truth, expected: recording.expectedReps,
                                       slack: RecordingPlot.matchSlack)
            if counted.count != recording.expectedReps || !matching.missed.isEmpty || !matching.extra.isEmpty {
                wrong.append("seed \(seed) (\(settings.sampleRate) Hz, tempo \(settings.tempo) s, depth \(settings.depth)°, "
                    + "pauses \(settings.bottomPause)/\(settings.topPause) s): counted \(counted.count) of \(recording.expectedReps)"
                    + (matching.missed.isEmpty ? "" : ", true reps \(matching.missed.sorted().map { $0 + 1 }) missed")
                    + (matching.extra.isEmpty ? "" : ", counts \(matching.extra.sorted().map { $0 + 1 }) matching none"))
            }
        }
        return wrong
    }

    @Test(arguments: Activity.distractors, Placement.allCases)
    func countsNothingWithoutSquats(activity: Activity, placement: Placement) throws {
        let wrong = try Self.recordingsCounted(activity, placement, seeds: 1...UInt64(Self.distractorSeeds))
        let report = "\(activity) at \(placement): \(wrong.recordings.count) of \(Self.distractorSeeds) recordings counted "
            + "\(wrong.reps) squats:\n" + wrong.recordings.joined(separator: "\n")
        // Known issue (issue 3): see `distractorsCountedToday`, whose number of reps is pinned
        // as `placementsMiscountedToday`'s is. The marker fails once the distractor counts nothing.
        let known = Self.distractorsCountedToday[activity]?[placement] ?? 0
        #expect(wrong.reps == known, Comment(rawValue: "distractorsCountedToday says \(known); " + report))
        if known > 0 {
            withKnownIssue("issue 3: \(activity) counted as squats at \(placement)") {
                #expect(wrong.reps == 0, Comment(rawValue: report))
            }
        }
    }

    /// Walking, the activity a leg-worn sensor sees most, over more seeds than the other
    /// distractors (7–40, at the same rates): the first stride of a walk swings a thigh or shin
    /// like a quick squat before the gait check has seen three steps. On seeds 7–40 the thigh
    /// counted squats in 13 of 34 walks (up to 19 in 5 minutes) and the calf in 5 until
    /// November 2026, where seeds 1–6 counted none: the gait check read steps from the
    /// low-passed vector, which turning shortens (`SquatSignal.magnitudeVertical`), and two
    /// first strides of walks too short to be recognised (or, at 10–25 Hz, the first two of
    /// one walk) made a set (`Thresholds.defaults(for:)`: three alike on the legs now).
    @Test(arguments: [Placement.thigh, .calf])
    func walkingCountsNothingOnTheLegs(placement: Placement) throws {
        let wrong = try Self.recordingsCounted(.walking, placement, seeds: UInt64(Self.distractorSeeds + 1)...40)
        #expect(wrong.reps == 0, Comment(rawValue: "walking at \(placement): \(wrong.recordings.count) recordings counted squats:\n"
                                            + wrong.recordings.joined(separator: "\n")))
    }

    /// A movement that completes too shallow and is counted later by its fall, once the lean's
    /// loop had started afresh, is judged by its own loop (`SquatSignal.closedLeanLoopArea`):
    /// five minutes of a calf band turned by hand at 12.5 Hz (seed 51, which the agreement
    /// seeds do not reach) counted three squats when such a movement, which enclosed 0.71 of
    /// its depth squared, was judged as enclosing nothing.
    @Test func aLoopCountedByItsFallIsJudgedByItsLoop() throws {
        let s = Self.distractor(.handling, .calf, seed: 51, rate: 12.5)
        #expect(Self.count(try SquatSimulator(s).run().samples, .calf) == 0)
    }

    /// Picking things up with a band on the shin, five minutes (seeds the agreement seeds do not
    /// reach, at the rates the recipe gives them: 441 at 50 Hz, 447 at 200 Hz): the knees bend
    /// 12–35° for each object and the shank half of that, and the wearer stands 2–7 s between
    /// bends. Three bends a breath apart, alike within the set's consistency, counted 6 and 3
    /// squats; a bend after a stand longer than a breath that goes a fifth deeper or shallower
    /// than the set resumes no set (`SquatDetector.resumedUnlikeTheSet`), and none count.
    @Test(arguments: [(UInt64(441), 50.0), (447, 200)])
    func stoopsOnTheCalfAtVariedDepthsCountNothing(seed: UInt64, rate: Double) throws {
        let s = Self.distractor(.pickUp, .calf, seed: seed, rate: rate)
        #expect(Self.count(try SquatSimulator(s).run().samples, .calf) == 0)
    }

    /// The recordings of `activity` at `placement` (``distractorSeconds`` long, one per seed, at
    /// the rate the seed picks) in which squatd counts squats, each described with its count,
    /// and the reps counted in all of them.
    static func recordingsCounted(_ activity: Activity, _ placement: Placement,
                                  seeds: ClosedRange<UInt64>) throws -> (recordings: [String], reps: Int) {
        var counted: [String] = [], total = 0
        for seed in seeds {
            let s = distractor(activity, placement, seed: seed, rate: rates[Int(seed) * 3 % rates.count])
            let reps = count(try SquatSimulator(s).run().samples, placement)
            if reps != 0 { counted.append("seed \(seed) (\(s.sampleRate) Hz): counted \(reps)") }
            total += reps
        }
        return (counted, total)
    }

    /// A recording of `activity` at `placement`, ``distractorSeconds`` long, for `seed` at `rate`.
    static func distractor(_ activity: Activity, _ placement: Placement, seed: UInt64, rate: Double) -> SimulationSettings {
        var s = SimulationSettings()
        s.activity = activity
        s.placement = placement
        s.seed = seed
        s.duration = distractorSeconds
        s.sampleRate = rate
        return s
    }

    /// The number of reps a fresh detector with `placement`'s profile counts in `samples`.
    static func count(_ samples: [Sample], _ placement: Placement) -> Int {
        reps(samples, placement).count
    }

    /// The reps a fresh detector with `placement`'s profile counts in `samples`, flushed at the end.
    static func reps(_ samples: [Sample], _ placement: Placement) -> [Rep] {
        var detector = SquatDetector(profile: SquatProfile(placement: placement))
        var reps: [Rep] = []
        for s in samples {
            if let rep = detector.step(s) { reps.append(rep) }
        }
        while let rep = detector.flush() { reps.append(rep) }
        return reps
    }
}
