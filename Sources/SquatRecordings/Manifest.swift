import SquatCore
import SystemPackage

/// The list of recordings an evaluation scores: `DIR/manifest.csv`, one row per file.
///
/// A real CSV file (quoted fields may hold commas, `""` and line breaks), columns found by
/// name: `file` (relative to the manifest's directory), `source`, `subject`, `placement`,
/// `kind` (`squat`, `idle` or `other`), `expected_reps` (required for squat sets), and the
/// optional `rate_hz`, `duration_s`, `truth`, `notes`.
public struct Manifest: Sendable, Equatable {
    /// What a recording holds.
    public enum SetKind: String, Sendable, CaseIterable {
        /// A set of squats: `expected_reps` is the true count.
        case squat
        /// No exercise: every count is a false count.
        case idle
        /// Other exercises: counts are reported, not scored.
        case other
    }

    /// One row of the manifest.
    public struct Entry: Sendable, Equatable {
        /// Path relative to the manifest's directory: the field's bytes, which need not be
        /// UTF-8 (file names on Linux are bytes).
        public var file: FilePath
        public var source: String
        public var subject: String
        public var placement: Placement
        public var kind: SetKind
        /// The true count; 0 for idle recordings without one, nil for `other` without one.
        public var expectedReps: Int?
        public var truth: String
        public var notes: String
        /// Physical line (1-based) of the row in the manifest.
        public var line: Int

        public init(file: FilePath, source: String, subject: String = "", placement: Placement, kind: SetKind,
                    expectedReps: Int?, truth: String = "", notes: String = "", line: Int = 0) {
            self.file = file
            self.source = source
            self.subject = subject
            self.placement = placement
            self.kind = kind
            self.expectedReps = expectedReps
            self.truth = truth
            self.notes = notes
            self.line = line
        }

        /// Whether the set is fair to score: squat sets whose notes say `doubtful` or
        /// `cut off` are listed but not scored.
        public var isScored: Bool {
            let lowered = notes.lowercased()
            return !(lowered.contains("doubtful") || lowered.contains("cut off"))
        }
    }

    /// The manifest file's path as given, as text for messages.
    public var file: String
    public var entries: [Entry]

    public init(file: String, entries: [Entry]) {
        self.file = file
        self.entries = entries
    }

    /// Reads and checks `path`. Errors name the manifest line and column: `.missingColumn`
    /// (header lacks `file`, `source`, `placement`, `kind` or `expected_reps`, or a row is
    /// short), `.unknownPlacement`, `.unknownSetKind`, `.nonNumericField` (`expected_reps`),
    /// `.noSamples` (no rows), `.unreadable`. The `file` column is taken as bytes, so a
    /// manifest can name a file whose name is not UTF-8 the way the file system spells it.
    public static func read(_ path: FilePath) throws(RecordingError) -> Manifest {
        try read(path, file: path.description)
    }

    /// Reads `path`, a name that is valid UTF-8 (see ``read(_:)-(FilePath)``).
    public static func read(_ path: String) throws(RecordingError) -> Manifest {
        try read(FilePath(path), file: path)
    }

    private static func read(_ filePath: FilePath, file path: String) throws(RecordingError) -> Manifest {
        let bytes = try readWholeFile(filePath, file: path)
        var records = CSVRecords(bytes)
        guard let header = records.next() else {
            throw RecordingError(file: path, line: 0, column: 0, kind: .noSamples)
        }
        let names = header.fields.map { $0.trimmingSpaces().lowercased() }
        func column(_ name: String, required: Bool = true) throws(RecordingError) -> Int? {
            if let i = names.firstIndex(of: name) { return i }
            guard !required else {
                throw RecordingError(file: path, line: header.line, column: names.count + 1, kind: .missingColumn(name: name))
            }
            return nil
        }
        let fileColumn = try column("file")!, sourceColumn = try column("source")!
        let placementColumn = try column("placement")!, kindColumn = try column("kind")!
        let expectedColumn = try column("expected_reps")!
        let subjectColumn = try column("subject", required: false)
        let truthColumn = try column("truth", required: false), notesColumn = try column("notes", required: false)

        var entries: [Entry] = []
        for record in records {
            let fields = record.fields.map { $0.trimmingSpaces() }
            if fields.allSatisfy(\.isEmpty) { continue }
            /// The field in `index`; a row may end before optional columns (`subject`, `truth`, `notes`).
            func field(_ index: Int?, required: Bool = true) throws(RecordingError) -> String {
                guard let index, index < fields.count || required else { return "" }
                guard index < fields.count else {
                    throw RecordingError(file: path, line: record.line, column: index + 1,
                                         kind: .missingColumn(name: names[index]))
                }
                return fields[index]
            }
            let placementText = try field(placementColumn)
            guard let placement = Placement(name: placementText) else {
                throw RecordingError(file: path, line: record.line, column: placementColumn + 1, kind: .unknownPlacement(placementText))
            }
            let kindText = try field(kindColumn)
            guard let kind = SetKind(rawValue: kindText.lowercased()) else {
                throw RecordingError(file: path, line: record.line, column: kindColumn + 1, kind: .unknownSetKind(kindText))
            }
            let expectedText = try field(expectedColumn)
            var expected = Int(expectedText)
            if expected == nil && !(expectedText.isEmpty && kind != .squat) {
                throw RecordingError(file: path, line: record.line, column: expectedColumn + 1,
                                     kind: .nonNumericField(column: "expected_reps", text: expectedText))
            }
            if let count = expected, count < 0 {
                throw RecordingError(file: path, line: record.line, column: expectedColumn + 1, kind: .negativeCount(count))
            }
            if kind == .idle && expected == nil { expected = 0 }
            // A file listed twice would be scored twice (its minutes and misses counted double).
            _ = try field(fileColumn)
            let file = Self.filePath(record.byteFields[fileColumn].trimmingSpaces())
            if let earlier = entries.first(where: { $0.file == file }) {
                throw RecordingError(file: path, line: record.line, column: fileColumn + 1,
                                     kind: .duplicateRow(file: file.description, firstLine: earlier.line))
            }
            entries.append(Entry(file: file, source: try field(sourceColumn), subject: try field(subjectColumn, required: false),
                                 placement: placement, kind: kind, expectedReps: expected,
                                 truth: try field(truthColumn, required: false), notes: try field(notesColumn, required: false), line: record.line))
        }
        guard !entries.isEmpty else { throw RecordingError(file: path, line: 0, column: 0, kind: .noSamples) }
        return Manifest(file: path, entries: entries)
    }

    /// Manifests are small: read in one go, line by line so that CRLF and a byte order mark are
    /// handled as in recordings and a garbage line is reported (`.lineTooLong`), not buffered.
    private static func readWholeFile(_ path: FilePath, file: String) throws(RecordingError) -> [UInt8] {
        let lines = try LineSource(path: path, file: file, maximumLineLength: RecordingReader.maximumLineLength)
        var bytes: [UInt8] = []
        while let line = try lines.nextLine() {
            bytes.append(contentsOf: line)
            bytes.append(UInt8(ascii: "\n"))
        }
        return bytes
    }

    /// The path spelled by `bytes` (up to a NUL byte, which no file name holds).
    private static func filePath(_ bytes: ArraySlice<UInt8>) -> FilePath {
        FilePath(platformString: bytes.map { CChar(bitPattern: $0) } + [0])
    }
}
