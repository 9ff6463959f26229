import Testing
import SquatCore
@testable import SquatRecordings
import SystemPackage

@Suite struct EvaluationScoringTests {
    private func row(_ file: String, _ source: String, _ placement: Placement, _ kind: Manifest.SetKind,
                     expected: Int?, counted: Int, seconds: Double = 30, notes: String = "") -> Evaluation.Row {
        Evaluation.Row(entry: Manifest.Entry(file: FilePath(file), source: source, placement: placement, kind: kind,
                                             expectedReps: expected, notes: notes),
                       counted: counted, durationSeconds: seconds)
    }

    private var rows: [Evaluation.Row] {
        [
            row("a1", "A", .thigh, .squat, expected: 10, counted: 10),
            row("a2", "A", .thigh, .squat, expected: 10, counted: 9),
            row("a3", "A", .thigh, .squat, expected: 10, counted: 13),
            row("a4", "A", .thigh, .squat, expected: 8, counted: 2, notes: "doubtful: half the set"),
            row("b1", "B", .upperArm, .squat, expected: 5, counted: 5),
            row("b2", "B", .upperArm, .idle, expected: 0, counted: 1, seconds: 90),
            row("b3", "B", .upperArm, .idle, expected: 0, counted: 2, seconds: 30),
            row("b4", "B", .upperArm, .other, expected: nil, counted: 6, seconds: 45),
            row("a5", "A", .thigh, .squat, expected: 6, counted: 6),
        ]
    }

    @Test func figuresPerGroupAndOverall() {
        let e = Evaluation(rows: rows)
        #expect(e.groups.map(\.source) == ["A", "B"])
        let a = e.groups[0].figures
        #expect(a.squatSets == 4 && a.exact == 2 && a.withinOne == 3 && a.absoluteErrorSum == 4 && a.unscoredSets == 1)
        #expect(a.exactRate == 0.5 && a.withinOneRate == 0.75 && a.meanAbsoluteError == 1)
        #expect(a.falseCountsPerMinute == nil && a.otherCountsPerMinute == nil)
        let b = e.groups[1].figures
        #expect(b.squatSets == 1 && b.exactRate == 1)
        #expect(b.idleRecordings == 2 && b.idleCounts == 3 && b.idleSeconds == 120)
        #expect(b.falseCountsPerMinute == 1.5)
        #expect(b.otherCountsPerMinute == 8)
        #expect(e.overall.squatSets == 5 && e.overall.exact == 3 && e.overall.withinOne == 4)
        #expect(e.overall.exactRate == 0.6 && e.overall.meanAbsoluteError == 0.8)
    }

    @Test func missesAndUnscoredAreListed() {
        let e = Evaluation(rows: rows)
        #expect(e.misses == [Evaluation.Miss(file: "a2", expected: 10, counted: 9),
                             Evaluation.Miss(file: "a3", expected: 10, counted: 13)])
        #expect(e.unscored.map(\.entry.file) == ["a4"])
    }

    @Test func emptyGroupsHaveNoRates() {
        let e = Evaluation(rows: [])
        #expect(e.overall.exactRate == nil && e.overall.meanAbsoluteError == nil && e.overall.falseCountsPerMinute == nil)
    }

    @Test func table() {
        let e = Evaluation(rows: rows, failures: [RecordingError(file: "d/x.csv", line: 0, column: 0, kind: .unreadable(errno: 2))])
        #expect(e.table == """
            source   placement  sets   exact      ±1   MAE  idle min  false/min  other min  other/min
            A        thigh         4   50.0%   75.0%  1.00         –          –          –          –
            B        upper-arm     1  100.0%  100.0%  0.00       2.0       1.50        0.8       8.00
            overall                5   60.0%   80.0%  0.80       2.0       1.50        0.8       8.00

            Not scored (notes say doubtful or cut off):
              a4: expected 8, counted 2 (doubtful: half the set)

            Misses (2):
              a2: expected 10, counted 9
              a3: expected 10, counted 13

            Could not replay (1), not in any figure:
              d/x.csv: cannot read: No such file or directory

            """)
    }

    @Test func json() {
        let e = Evaluation(rows: [row("a1", "A", .thigh, .squat, expected: 10, counted: 9)])
        #expect(e.json == #"{"overall":{"squat_sets":1,"exact":0,"within_one":1,"exact_rate":0,"within_one_rate":1,"mean_absolute_error":1,"unscored_sets":0,"idle_minutes":0,"idle_counts":0,"false_counts_per_minute":null,"other_minutes":0,"other_counts":0,"other_counts_per_minute":null},"groups":[{"source":"A","placement":"thigh","figures":{"squat_sets":1,"exact":0,"within_one":1,"exact_rate":0,"within_one_rate":1,"mean_absolute_error":1,"unscored_sets":0,"idle_minutes":0,"idle_counts":0,"false_counts_per_minute":null,"other_minutes":0,"other_counts":0,"other_counts_per_minute":null}}],"misses":[{"file":"a1","expected":10,"counted":9}],"unscored":[],"failures":[]}"#)
    }
}

@Suite struct EvaluationRunTests {
    @Test func replaysEveryManifestFileWithItsPlacement() throws {
        let dir = TemporaryDirectory()
        try SyntheticRecordings.write(SyntheticRecordings.thighSquats(reps: 4), to: dir.prepare("s/four.csv"))
        try SyntheticRecordings.write(SyntheticRecordings.thighSquats(reps: 6, rateHz: 50, secondsPerRep: 2), to: dir.prepare("s/six, fast.csv"))
        try SyntheticRecordings.write(SyntheticRecordings.standing(seconds: 60), to: dir.prepare("s/idle.csv"))
        dir.write("manifest.csv", """
            file,source,subject,placement,kind,expected_reps,rate_hz,duration_s,truth,notes
            s/four.csv,synth,1,thigh,squat,4,100,,built,
            "s/six, fast.csv",synth,1,pocket,squat,6,50,,built,"fast, 2 s per rep"
            s/idle.csv,synth,1,thigh,idle,0,50,60,built,standing
            s/missing.csv,synth,1,thigh,squat,3,50,,built,
            """)
        let e = try Evaluation.run(directory: dir.path)
        #expect(e.rows.map(\.counted) == [4, 6, 0])
        #expect(e.overall.squatSets == 2 && e.overall.exact == 2)
        #expect(e.overall.idleRecordings == 1 && abs(e.overall.idleSeconds - 60) < 1e-9 && e.overall.falseCountsPerMinute == 0)
        #expect(e.failures == [RecordingError(file: dir.path + "/s/missing.csv", line: 0, column: 0, kind: .unreadable(errno: 2))])
    }

    @Test func aMissingManifestIsUnreadable() {
        #expect(throws: RecordingError(file: "/nonexistent/manifest.csv", line: 0, column: 0, kind: .unreadable(errno: 2))) {
            _ = try Evaluation.run(directory: "/nonexistent")
        }
    }
}
