import SquatCore
import SystemPackage

/// How well the detector counts on a directory of labelled recordings: `squatd evaluate`.
///
/// Scoring is a pure function of the per-file ``Row``s (``init(rows:failures:)``), so it can be
/// checked without running the detector; ``run(directory:sensitivity:)`` produces the rows by
/// replaying every file of `DIR/manifest.csv` with the placement the manifest gives.
public struct Evaluation: Sendable, Equatable {
    /// One recording's outcome: what the manifest says and what was counted.
    public struct Row: Sendable, Equatable {
        public var entry: Manifest.Entry
        public var counted: Int
        /// Length of the recording (first to last sample), seconds.
        public var durationSeconds: Double

        public init(entry: Manifest.Entry, counted: Int, durationSeconds: Double) {
            self.entry = entry
            self.counted = counted
            self.durationSeconds = durationSeconds
        }
    }

    /// The figures for one group of recordings (or all of them).
    public struct Figures: Sendable, Equatable {
        /// Scored squat sets.
        public var squatSets = 0
        /// Squat sets counted exactly right.
        public var exact = 0
        /// Squat sets counted within one rep of the truth.
        public var withinOne = 0
        /// Sum over scored squat sets of |counted − expected|.
        public var absoluteErrorSum = 0
        /// Squat sets listed but not scored (notes say `doubtful` or `cut off`).
        public var unscoredSets = 0
        public var idleRecordings = 0
        public var idleSeconds = 0.0
        /// Reps counted in idle recordings: all false.
        public var idleCounts = 0
        public var otherRecordings = 0
        public var otherSeconds = 0.0
        public var otherCounts = 0

        public init() {}

        /// Fraction (0…1) of scored squat sets counted exactly; nil without squat sets.
        public var exactRate: Double? { ratio(exact, squatSets) }
        /// Fraction (0…1) of scored squat sets counted within ±1.
        public var withinOneRate: Double? { ratio(withinOne, squatSets) }
        /// Mean of |counted − expected| over scored squat sets, reps.
        public var meanAbsoluteError: Double? { ratio(absoluteErrorSum, squatSets) }
        /// Reps counted per minute of idle recording; nil without idle recordings.
        public var falseCountsPerMinute: Double? { idleSeconds > 0 ? Double(idleCounts) / (idleSeconds / 60) : nil }
        /// Reps counted per minute of other exercises (reported, not a target).
        public var otherCountsPerMinute: Double? { otherSeconds > 0 ? Double(otherCounts) / (otherSeconds / 60) : nil }

        private func ratio(_ a: Int, _ b: Int) -> Double? { b > 0 ? Double(a) / Double(b) : nil }

        mutating func add(_ row: Row) {
            switch row.entry.kind {
            case .squat:
                guard row.entry.isScored, let expected = row.entry.expectedReps else { unscoredSets += 1; return }
                let error = abs(row.counted - expected)
                squatSets += 1
                if error == 0 { exact += 1 }
                if error <= 1 { withinOne += 1 }
                absoluteErrorSum += error
            case .idle:
                idleRecordings += 1
                idleSeconds += row.durationSeconds
                idleCounts += row.counted
            case .other:
                otherRecordings += 1
                otherSeconds += row.durationSeconds
                otherCounts += row.counted
            }
        }
    }

    /// Figures of the recordings from one source worn at one placement.
    public struct Group: Sendable, Equatable {
        public var source: String
        public var placement: Placement
        public var figures: Figures
    }

    /// A scored squat set counted wrong: what to look at when tuning.
    public struct Miss: Sendable, Equatable {
        public var file: String
        public var expected: Int
        public var counted: Int
    }

    /// Every recording's row, in manifest order.
    public var rows: [Row]
    /// Groups by source and placement, in order of first appearance in the manifest.
    public var groups: [Group]
    public var overall: Figures
    /// Scored squat sets not counted exactly, in manifest order.
    public var misses: [Miss]
    /// Squat sets listed but not scored, with what was counted.
    public var unscored: [Row]
    /// Recordings that could not be replayed; they are in no figure.
    public var failures: [RecordingError]

    /// Scores `rows`: the whole of the arithmetic, no I/O.
    public init(rows: [Row], failures: [RecordingError] = []) {
        self.rows = rows
        self.failures = failures
        overall = Figures()
        groups = []
        misses = []
        unscored = []
        for row in rows {
            overall.add(row)
            if let i = groups.firstIndex(where: { $0.source == row.entry.source && $0.placement == row.entry.placement }) {
                groups[i].figures.add(row)
            } else {
                var figures = Figures()
                figures.add(row)
                groups.append(Group(source: row.entry.source, placement: row.entry.placement, figures: figures))
            }
            guard row.entry.kind == .squat, let expected = row.entry.expectedReps else { continue }
            if !row.entry.isScored {
                unscored.append(row)
            } else if row.counted != expected {
                misses.append(Miss(file: row.entry.file.description, expected: expected, counted: row.counted))
            }
        }
    }

    /// Replays every recording of `directory/manifest.csv` with the manifest's placement and
    /// `sensitivity`, and scores the results. Throws only for the manifest itself; a recording
    /// that cannot be replayed goes to ``failures`` (path shown as `directory/file`).
    /// The recordings' paths are the directory's bytes followed by the manifest's, so neither
    /// needs to be UTF-8.
    public static func run(directory: FilePath, sensitivity: Sensitivity = .default) throws(RecordingError) -> Evaluation {
        let manifest = try Manifest.read(directory.appending("manifest.csv"))
        var rows: [Row] = []
        var failures: [RecordingError] = []
        for entry in manifest.entries {
            do {
                let result = try Replay(placement: entry.placement, sensitivity: sensitivity).run(directory.appending(entry.file.components))
                rows.append(Row(entry: entry, counted: result.count, durationSeconds: result.durationSeconds))
            } catch {
                failures.append(error)
            }
        }
        return Evaluation(rows: rows, failures: failures)
    }

    /// Evaluates `directory`, a name that is valid UTF-8 (see ``run(directory:sensitivity:)-(FilePath,_)``).
    public static func run(directory: String, sensitivity: Sensitivity = .default) throws(RecordingError) -> Evaluation {
        try run(directory: FilePath(directory), sensitivity: sensitivity)
    }
}
