import SquatRecordings
import Testing

/// The true reps a recording's metadata gives, read strictly, with the line of each mistake.
@Suite struct RecordingTruthTests {
    func truth(_ entries: [(String, String)]) throws(RecordingError) -> RecordingTruth {
        let metadata = RecordingMetadata(entries.enumerated().map { RecordingMetadata.Entry(key: $1.0, value: $1.1, line: $0 + 2) })
        return try RecordingTruth(metadata: metadata, file: "set.csv")
    }

    func error(_ entries: [(String, String)]) -> String? {
        do throws(RecordingError) {
            _ = try truth(entries)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func timesAndCountAsTheSimulatorWritesThem() throws {
        let t = try truth([("expected_reps", "3"), ("rep_starts_s", "0.69;3.56; 6.57"), ("rep_ends_s", "3.56;6.57;9.2")])
        #expect(t.repStarts == [0.69, 3.56, 6.57])
        #expect(t.repEnds == [3.56, 6.57, 9.2])
        #expect(t.expectedReps == 3)
    }

    @Test func theCountIsTheStartsWithoutExpectedRepsAndUnknownWithoutEither() throws {
        #expect(try truth([("rep_starts_s", "1;2")]).expectedReps == 2)
        #expect(try truth([("expected_reps", "0")]) == RecordingTruth(expectedReps: 0))
        #expect(try truth([("placement", "thigh")]) == RecordingTruth())
        #expect(try truth([("rep_starts_s", "")]).repStarts.isEmpty)
    }

    /// Every mistake is named with its file and line; before, a plot dropped an unreadable time,
    /// sorted times out of order and ignored a count that disagreed, and blamed the detector.
    @Test func mistakesNameTheirLine() {
        #expect(error([("rep_starts_s", "0.69x;3.56")]) == "set.csv:2:1: non-numeric field '0.69x' where a number is expected (rep_starts_s)")
        #expect(error([("rep_starts_s", "1;;3")]) == "set.csv:2:1: empty field where a number is expected (rep_starts_s)")
        #expect(error([("rep_starts_s", "1;inf")]) == "set.csv:2:1: NaN or infinite value 'inf' (rep_starts_s)")
        #expect(error([("rep_starts_s", "1;3;2")]) == "set.csv:2:1: rep_starts_s: time 3, 2.0 s, is not after the one before it, 3.0 s (rep times go in increasing order)")
        #expect(error([("rep_starts_s", "1;2"), ("rep_ends_s", "1.5")]) == "set.csv:3:1: rep_ends_s lists 1 time for 2 rep starts (one end per start)")
        #expect(error([("rep_ends_s", "1.5")]) == "set.csv:2:1: rep_ends_s lists 1 time for 0 rep starts (one end per start)")
        #expect(error([("rep_starts_s", "1;2"), ("rep_ends_s", "1.5;1.9")]) == "set.csv:3:1: rep 2 ends before it starts (rep_ends_s against rep_starts_s)")
        #expect(error([("expected_reps", "12"), ("rep_starts_s", "1;2")]) == "set.csv:2:1: expected_reps is 12, but rep_starts_s lists 2 reps")
        #expect(error([("expected_reps", "10.0")]) == "set.csv:2:1: expected_reps is '10.0': a count of reps is a whole number")
        #expect(error([("expected_reps", "ten")]) == "set.csv:2:1: non-numeric field 'ten' where a number is expected (expected_reps)")
        #expect(error([("expected_reps", "-1")]) == "set.csv:2:1: expected_reps is -1: a count of reps is 0 or more")
    }
}
