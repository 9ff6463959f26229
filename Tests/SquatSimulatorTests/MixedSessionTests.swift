import SquatCore
import SquatSimulator
import Testing

/// A set of squats and then something else, one person wearing one sensor throughout, as a day
/// goes (the agreement tests simulate each activity on its own, so nothing a set leaves behind
/// in the detector meets the activity after it).
@Suite struct MixedSessionTests {
    /// The activities that follow a set, on the sensor in the pocket, in a day of the benchmark
    /// (`Benchmarks/Sources/squatd-bench/DayRecording.swift`).
    static let after: [Activity] = [.handling, .sitStand]
    /// The (placement, seed) pairs miscounted today: none. The calf counted handling anyway
    /// until November 2026 (13 for 10 with seed 2024, 16 with it and seed 7 until a lean that
    /// loops ended the set, `SquatDetector.widestLeanLoop`); seed 2024 agrees since the reps that
    /// start a set must go down the path the rep before took, as a knee does and a hand turning
    /// the band does not (`SquatDetector.widestRetrace`). The chest agrees since an upright seat whose
    /// trunk sways is a lowered rest once |a| has stayed at |g| for a second
    /// (`RestTracker.onSwayingSeat`; seed 7's first seat after the handling swayed 4–6° within
    /// half a second, never rested, and its stand-up began a set: 13 for 10). The hand agrees since a held device may turn
    /// only 45° in a rep (`Thresholds.handMaxTurn`; seed 7's handling counted 13 in 10 minutes
    /// before), the wrist since a band turned further than hands on a bar can leaves the hand
    /// free until the wearer stands still again (`SquatDetector.handLeftTheBar(_:)`; seed 7's
    /// handling counted three movements that came back from a 66° turn, 13 for 10), and the
    /// upper arm, whose seed 11 was listed until November 2026. Deterministic: every
    /// other pair must count exactly, and these must
    /// count what is written here (more or fewer fails), so a change can neither make them worse
    /// unnoticed nor better unrecorded.
    static let miscountedToday: [String: Int] = [:]

    /// A phone handled in the pocket after a set turns the thigh's sensor every way; a rule that
    /// let the standing reference follow the far end of the knee's arc after a rep (tried in
    /// November 2026) chased it there one turn at a time, and each return to standing read as a
    /// rep: a simulated day counted 1830 squats for 300, and a calf set followed by handling
    /// 34–58 for 10 (20–23 without it, the calf's handling alone).
    @Test(arguments: Placement.allCases, [UInt64(2024), 7, 11])
    func aSetThenEverydayMovementCountsTheSet(placement: Placement, seed: UInt64) throws {
        var samples: [Sample] = []
        var expected = 0
        var squats = SimulationSettings()
        squats.placement = placement
        squats.seed = seed
        squats.reps = 10
        squats.tempo = 2.5
        squats.sampleRate = 100
        let set = try SquatSimulator(squats).run()
        samples += set.samples
        expected += set.expectedReps
        for activity in Self.after {
            var s = squats
            s.activity = activity
            s.duration = 600
            let offset = (samples.last?.t ?? 0) + 0.01
            samples += try SquatSimulator(s).run().samples.map { Sample(t: $0.t + offset, x: $0.x, y: $0.y, z: $0.z) }
        }
        let counted = DetectorAgreementTests.count(samples, placement)
        let report = Comment(rawValue: "\(placement), seed \(seed): a set of \(expected) then 20 min of handling and sitting counted \(counted)")
        // Known issue (issue 3): see `miscountedToday`. The marker fails once the pair counts
        // right, so the list is kept honest.
        if let known = Self.miscountedToday["\(placement.rawValue) \(seed)"] {
            #expect(counted == known, Comment(rawValue: "miscountedToday says \(known); \(report.rawValue)"))
            withKnownIssue("issue 3: a set and 20 min of handling and sitting miscounted at \(placement), seed \(seed)") {
                #expect(counted == expected, report)
            }
        } else {
            #expect(counted == expected, report)
        }
    }
}
