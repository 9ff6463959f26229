import Testing
import SquatCore
@testable import SquatRecordings

@Suite struct ReplayTests {
    @Test func countsKnownSquatsAndCallsBackPerRep() throws {
        let dir = TemporaryDirectory()
        let file = dir.path + "/thigh.csv"
        try SyntheticRecordings.write(SyntheticRecordings.thighSquats(reps: 5), to: file, metadata: [("placement", "pocket")])
        var seen: [Rep] = []
        let result = try Replay().run(file) { seen.append($0) }
        #expect(result.count == 5)
        #expect(seen == result.reps)
        #expect(result.placement == .thigh)
        #expect(result.profileSource == .metadata)
        #expect(result.file == file)
        #expect(result.format == .recordingV1)
        #expect(result.sampleCount == 2151) // 1.5 s + 5 × (2.5 + 1.5) s at 100 Hz
        #expect(abs(result.durationSeconds - 21.5) < 1e-9)
        // Each rep ends after it starts and is found no earlier than it ends.
        for rep in result.reps { #expect(rep.start < rep.end && rep.detectedAt >= rep.end) }
    }

    @Test func profileChoiceOptionThenMetadataThenDefault() throws {
        let dir = TemporaryDirectory()
        let samples = SyntheticRecordings.standing(seconds: 2)
        let tagged = dir.path + "/tagged.csv", plain = dir.path + "/plain.csv"
        try SyntheticRecordings.write(samples, to: tagged, metadata: [("placement", "Upper Arm")])
        try SyntheticRecordings.write(samples, to: plain)
        let fromOption = try Replay(placement: .waist, sensitivity: Sensitivity(7)!).run(tagged)
        #expect(fromOption.placement == .waist && fromOption.profileSource == .option && fromOption.sensitivity.value == 7)
        let fromMetadata = try Replay().run(tagged)
        #expect(fromMetadata.placement == .upperArm && fromMetadata.profileSource == .metadata)
        let fromDefault = try Replay().run(plain)
        #expect(fromDefault.placement == Placement.default && fromDefault.profileSource == .default)
    }

    @Test func unknownPlacementInMetadataIsAnErrorUnlessOverridden() throws {
        let dir = TemporaryDirectory()
        let file = dir.write("r.csv", "# squatd-recording: 1\n# placement: elbow\nt,ax,ay,az\n0,0,9.8,0\n")
        #expect(throws: RecordingError(file: file, line: 2, column: 1, kind: .unknownPlacement("elbow"))) {
            _ = try Replay().run(file)
        }
        #expect(try Replay(placement: .thigh).run(file).count == 0)
    }

    @Test func badRowAfterRepsThrowsAfterReportingThem() throws {
        let dir = TemporaryDirectory()
        let file = dir.path + "/r.csv"
        try SyntheticRecordings.write(SyntheticRecordings.thighSquats(reps: 3), to: file)
        let good = try Replay().run(file)
        #expect(good.count == 3)
        let lineCount = 2 + good.sampleCount
        dir.write("r.csv", dir.read("r.csv") + "99,1,x,3\n")
        var seen = 0
        #expect(throws: RecordingError(file: file, line: lineCount + 1, column: 3, kind: .nonNumericField(column: "ay", text: "x"))) {
            _ = try Replay().run(file) { _ in seen += 1 }
        }
        #expect(seen == 3)
    }

    @Test func realTimeReplayTakesAtLeastTheRecordingsDuration() throws {
        let dir = TemporaryDirectory()
        let file = dir.path + "/short.csv"
        try SyntheticRecordings.write(SyntheticRecordings.standing(seconds: 0.3, rateHz: 100), to: file)
        let clock = ContinuousClock()
        let start = clock.now
        _ = try Replay(realTime: true).run(file)
        // A lower bound only: pacing must not run ahead of the recording.
        #expect(clock.now - start >= .milliseconds(300))
    }

    @Test func humanAndJSONOutput() {
        let rep = Rep(start: 1.5, bottom: 2.5, end: 3.9020000001, detectedAt: 4.0, amplitude: 58.643575)
        let result = ReplayResult(file: "a \"b\".csv", format: .recordingV1, placement: .upperArm, profileSource: .metadata,
                                  sensitivity: Sensitivity(6)!, reps: [rep], sampleCount: 10, durationSeconds: 5)
        #expect(ReplayResult.repLine(rep, number: 1) == "rep 1 at 3.902 s (2.40 s)")
        #expect(result.totalLine == "a \"b\".csv: 1 squat (profile upper-arm from the file, sensitivity 6)")
        #expect(result.jsonLine == #"{"file":"a \"b\".csv","count":1,"profile":"upper-arm","sensitivity":6,"reps":[{"t":3.902,"start":1.5,"end":3.902,"duration":2.402,"amplitude":58.6436,"latency":0.098}]}"#)
    }
}
