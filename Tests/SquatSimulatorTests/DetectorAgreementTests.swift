import SquatCore
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
    static let seedsPerPlacement = 16
    /// Length of each distractor recording; `Recordings/simulate-corpus.sh` writes the same ones
    /// (seeds 1–3, same rates), and `squatd evaluate` on them gives false counts per minute.
    static let distractorSeconds = 300.0
    /// Placements where some seeds are miscounted, 1–3 seeds of 16: fast (1.5 s per rep) wrist
    /// sets, counted short; a fast 10 Hz set in the hand (1 s bottom pause: |a| swings by 15–25
    /// m/s² in a few samples and `lift` drifts by ±1 m between reps, so which reps count is
    /// chance, and changes with the noise); upper-arm sets whose arm
    /// rises only 32–50° (a 60–75° squat with the arms' raise at the low end of its range: at the
    /// upper arm's 45° minimum depth, some reps fall short and break the set), and tempo-1.2
    /// half squats on the calf (27–31° in 0.61–0.74 s: shorter than its 0.8 s minimum rep, and
    /// as deep and as long as the first strides of a walk, 31–48° in 0.61–0.82 s, which the
    /// 0.8 s keeps out until the gait check has seen three steps). The upper arm's last rep
    /// after reps without a top pause counts since November 2026 (its fall back to standing).
    /// Agreeing since November 2026: head and chest (a rep's `lift` hump may last 0.4 s,
    /// `Thresholds.liftMinRepDuration`: the first rep of a fast set was lost to the 0.6 s gate),
    /// and the waist since the simulated sensor's noise has a constant density (a fast 12.5 Hz
    /// set lost its first rep to 0.2 m/s² of noise per sample, 8 mg/√Hz, ten times a real
    /// sensor's; 2.3 mg/√Hz now).
    static let placementsMiscountedToday: Set<Placement> = Set(Placement.allCases).subtracting([.thigh, .waist, .head, .chest])
    /// Where each distractor is still counted as squats (by placement). Trunk-worn `lift`
    /// profiles read bending over at the waist and head (real down-and-up travel, the pelvis
    /// leaning no more than in a squat, the head following the eyes) as squats, and still, now
    /// and then, sitting down on the chest (a seat whose sit-down |a| reads shallower than 8 cm,
    /// because the hips swinging back add to |a|, or whose shifting keeps the sensor from resting
    /// 3 s before the wearer stands up); a wrist band or a controller on
    /// a hanging arm moves down and up with the body as it would in a squat, the arm keeping its
    /// direction while the trunk leans, so the band turns by a tenth of the lean (bending over);
    /// the upper
    /// arm raised no higher than in a squat (≤ 135°) turns as in one; the hand sees small turns
    /// of a device or an arm as pushes.
    /// Not counted any more (November 2026): walking (a walk ends the set, and a leg's
    /// alternating heel strike and toe-off are steps; a controller in the hand, which swings
    /// with the arm once per stride, too slowly for the gait check, turns 70–100° per stride,
    /// read at 12.5 Hz where |a| passes through |g| between two samples); sitting on tilt-worn
    /// sensors (thigh, calf, upper arm): a tilt held 3 s is a seat (`SquatDetector.maxHold`;
    /// before, a 4–7 s sit counted on the thigh as a slow squat with a pause); bending over on
    /// the chest and arm gestures in the hand: a rep may not turn the sensor further than a
    /// squat can (`Thresholds.maxTurn`: 60° on the trunk, which leans 60–95° in a stoop and at
    /// most ~55° in a squat; 50° on a wrist holding a bar; 135° on the upper arm); arm gestures
    /// and handling at the wrist: its turn is measured from where the wearer last stood still,
    /// so an arm raised in one swing, never quasi-static while it moves, shows its turn once
    /// held, and |g| is learned only from what a squat could make, so waving does not move the
    /// signal's zero; sitting down in the hand and at the wrist, and far less often on the
    /// trunk: a wearer who came to rest 8 cm or more lower than the rest before and stayed there
    /// 3 s sits (`RestTracker`, the height change between two rests integrated over the movement
    /// alone), and no movement is a rep until the wearer has stood up.
    /// Not counted since the simulated sensor's noise has a constant density (0.1–3 mg/√Hz; it
    /// was 0.03–0.25 m/s² per sample at any rate): sitting down on the waist and head, handling
    /// on the waist, head and chest (0.13 a minute each before, all in one 50 Hz recording with
    /// 4 mg/√Hz of noise; 2.3 now. At 3 mg/√Hz sitting down still counts 2 in 5 min on the waist).
    /// Fewer since November 2026 (still counted, so still listed): handling in the hand
    /// (0.13 a minute, was 2.5) and bending over at the waist (3.3, was 6.9):
    /// a `lift` rep must travel 0.5 cm per degree its sensor turned
    /// (`SetConfirmation.leastTravelPerDegree`; a squat travels ~1 cm per degree of lean).
    /// Five minutes per seed: sitting down or bending over happens every 5–20 s, and a shorter
    /// recording (45 s until November 2026) let a placement pass that counts 2 a minute.
    static let distractorsCountedToday: [Activity: Set<Placement>] = [
        .sitStand: [.chest],
        .pickUp: [.thigh, .calf, .waist, .head, .hand, .wrist],
        .handling: [.calf, .hand],
        .armGestures: [.upperArm],
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
        var wrong: [String] = []
        for seed in 1...UInt64(Self.seedsPerPlacement) {
            let settings = Self.squatSet(placement, seed: seed)
            let recording = try SquatSimulator(settings).run()
            let counted = count(recording.samples, placement)
            if counted != recording.expectedReps {
                wrong.append("seed \(seed) (\(settings.sampleRate) Hz, tempo \(settings.tempo) s, depth \(settings.depth)°, "
                    + "pauses \(settings.bottomPause)/\(settings.topPause) s): counted \(counted) of \(recording.expectedReps)")
            }
        }
        let report = "\(placement): \(wrong.count) of \(Self.seedsPerPlacement) sets miscounted:\n" + wrong.joined(separator: "\n")
        // Known issue: see `placementsMiscountedToday`. The marker fails once a placement
        // agrees, so the list is kept honest.
        if Self.placementsMiscountedToday.contains(placement) {
            withKnownIssue("issue 3: detector and simulator disagree on some \(placement) sets") {
                #expect(wrong.count == 0, Comment(rawValue: report))
            }
        } else {
            #expect(wrong.count == 0, Comment(rawValue: report))
        }
    }

    @Test(arguments: Activity.distractors, Placement.allCases)
    func countsNothingWithoutSquats(activity: Activity, placement: Placement) throws {
        var wrong: [String] = []
        for seed in UInt64(1)...3 {
            var s = SimulationSettings()
            s.activity = activity
            s.placement = placement
            s.seed = seed
            s.duration = Self.distractorSeconds
            s.sampleRate = Self.rates[Int(seed) * 3 % Self.rates.count]
            let counted = count(try SquatSimulator(s).run().samples, placement)
            if counted != 0 { wrong.append("seed \(seed) (\(s.sampleRate) Hz): counted \(counted)") }
        }
        let report = "\(activity) at \(placement): \(wrong.count) of 3 recordings counted squats:\n"
            + wrong.joined(separator: "\n")
        // Known issue (issue 3): see `distractorsCountedToday`. The marker fails once the
        // distractor counts nothing at this placement, so the list is kept honest.
        if Self.distractorsCountedToday[activity, default: []].contains(placement) {
            withKnownIssue("issue 3: \(activity) counted as squats at \(placement)") {
                #expect(wrong.count == 0, Comment(rawValue: report))
            }
        } else {
            #expect(wrong.count == 0, Comment(rawValue: report))
        }
    }

    private func count(_ samples: [Sample], _ placement: Placement) -> Int {
        var detector = SquatDetector(profile: SquatProfile(placement: placement))
        var reps = 0
        for s in samples where detector.step(s) != nil { reps += 1 }
        while detector.flush() != nil { reps += 1 }
        return reps
    }
}
