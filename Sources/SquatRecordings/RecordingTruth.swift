/// What a recording's metadata says really happened in it: the true rep times
/// (`# rep_starts_s:`, `# rep_ends_s:`, `;`-separated seconds) and the true count
/// (`# expected_reps:`), as ``RecordingWriter`` writes them for simulated and labelled
/// recordings.
///
/// Read strictly: metadata is text anyone can edit, and a picture or a score that quietly
/// dropped an unreadable time, sorted a list out of order or ignored a count that disagrees
/// with the times would blame the detector for the metadata's mistake. Every problem is a
/// ``RecordingError`` naming the line.
public struct RecordingTruth: Sendable, Equatable {
    /// When each true rep's descent began, seconds, in order; empty when not given.
    public var repStarts: [Double]
    /// When each true rep's ascent ended, seconds, one per start; empty when not given.
    public var repEnds: [Double]
    /// The true count: `expected_reps`, else the number of rep starts, else nil (unknown).
    public var expectedReps: Int?

    public init(repStarts: [Double] = [], repEnds: [Double] = [], expectedReps: Int? = nil) {
        self.repStarts = repStarts
        self.repEnds = repEnds
        self.expectedReps = expectedReps ?? (repStarts.isEmpty ? nil : repStarts.count)
    }

    /// Reads the truth from `metadata` of `file` (the path as given, for errors). Throws when a
    /// time is not a finite number, times are not in increasing order, there are not as many
    /// ends as starts, a rep ends before it starts, `expected_reps` is not a count, or it
    /// disagrees with the number of rep starts.
    public init(metadata: RecordingMetadata, file: String) throws(RecordingError) {
        func fail(_ entry: RecordingMetadata.Entry, _ kind: RecordingError.Kind) -> RecordingError {
            RecordingError(file: file, line: entry.line, column: 1, kind: kind)
        }
        func times(_ key: String) throws(RecordingError) -> (entry: RecordingMetadata.Entry, times: [Double])? {
            guard let entry = metadata.entry(key) else { return nil }
            var times: [Double] = []
            if entry.value.isEmpty { return (entry, times) }
            for field in entry.value.split(separator: ";", omittingEmptySubsequences: false) {
                let text = String(field.trimmingSpaces())
                guard let t = Double(text) else { throw fail(entry, .nonNumericField(column: key, text: text)) }
                guard t.isFinite else { throw fail(entry, .nonFiniteValue(column: key, text: text)) }
                if let previous = times.last, t <= previous {
                    throw fail(entry, .repTimesOutOfOrder(key: key, position: times.count + 1, time: t, previous: previous))
                }
                times.append(t)
            }
            return (entry, times)
        }
        let starts = try times("rep_starts_s"), ends = try times("rep_ends_s")
        if let ends {
            let startCount = starts?.times.count ?? 0
            guard ends.times.count == startCount else {
                throw fail(ends.entry, .repTimesCount(starts: startCount, ends: ends.times.count))
            }
            if let starts, let rep = starts.times.indices.first(where: { starts.times[$0] > ends.times[$0] }) {
                throw fail(ends.entry, .repEndsBeforeStart(rep: rep + 1))
            }
        }
        var expected: Int?
        if let entry = metadata.entry("expected_reps") {
            guard let count = Int(entry.value) else {
                throw fail(entry, Double(entry.value) == nil ? .nonNumericField(column: "expected_reps", text: entry.value)
                                                             : .notACount(key: "expected_reps", text: entry.value))
            }
            guard count >= 0 else { throw fail(entry, .negativeCount(count)) }
            if let starts, starts.times.count != count {
                throw fail(entry, .expectedRepsDisagree(expected: count, listed: starts.times.count))
            }
            expected = count
        }
        self.init(repStarts: starts?.times ?? [], repEnds: ends?.times ?? [], expectedReps: expected)
    }
}
