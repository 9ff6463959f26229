import Testing
import SquatCore
@testable import SquatRecordings
import SystemPackage

@Suite struct ManifestTests {
    static let header = "file,source,subject,placement,kind,expected_reps,rate_hz,duration_s,truth,notes\n"

    private func manifest(_ text: String) throws -> (Manifest, String) {
        let dir = TemporaryDirectory()
        let path = dir.write("manifest.csv", text)
        return (try Manifest.read(path), path)
    }

    private func failure(_ text: String) -> RecordingError? {
        do { _ = try manifest(text); return nil } catch {
            var e = error as! RecordingError
            e.file = "M"
            return e
        }
    }

    @Test func quotedFieldsWithCommasQuotesAndLineBreaks() throws {
        let (m, _) = try manifest(Self.header + """
            a/one.csv,srcA,1,thigh,squat,10,100,20.5,manual,"slow, deep"
            "b/two, with comma.csv",srcB,2,pocket,squat,5,50,12,"protocol only","doubtful: ""6"" dips
            visible"
            c/idle.csv,srcA,1,Upper Arm,idle,,10,20,,"break: standing, walking"\r
            d/bench.csv,srcA,1,wrist,other,,12.5,23.8,,bench set; not squats
            """)
        #expect(m.entries.map(\.file) == ["a/one.csv", "b/two, with comma.csv", "c/idle.csv", "d/bench.csv"])
        #expect(m.entries.map(\.line) == [2, 3, 5, 6])
        #expect(m.entries[0] == Manifest.Entry(file: "a/one.csv", source: "srcA", subject: "1", placement: .thigh, kind: .squat,
                                                expectedReps: 10, truth: "manual", notes: "slow, deep", line: 2))
        #expect(m.entries[1].placement == .thigh)
        #expect(m.entries[1].notes == "doubtful: \"6\" dips\nvisible")
        #expect(!m.entries[1].isScored)
        #expect(m.entries[2].placement == .upperArm && m.entries[2].kind == .idle && m.entries[2].expectedReps == 0)
        #expect(m.entries[2].notes == "break: standing, walking")
        #expect(m.entries[3].expectedReps == nil && m.entries[3].kind == .other)
        #expect(m.entries[0].isScored)
    }

    @Test func columnsAreFoundByName() throws {
        let (m, _) = try manifest("notes,kind,expected_reps,placement,source,file\n\"x, y\",squat,3,calf,s,f.csv\n")
        #expect(m.entries == [Manifest.Entry(file: "f.csv", source: "s", placement: .calf, kind: .squat, expectedReps: 3,
                                             notes: "x, y", line: 2)])
    }

    @Test func cutOffSetsAreNotScored() {
        let entry = Manifest.Entry(file: "f", source: "s", placement: .thigh, kind: .squat, expectedReps: 5, notes: "Cut off at the end")
        #expect(!entry.isScored)
    }

    @Test func errorsNameLineAndColumn() {
        #expect(failure("file,source,placement,kind\nf,s,thigh,squat\n")
                == RecordingError(file: "M", line: 1, column: 5, kind: .missingColumn(name: "expected_reps")))
        #expect(failure(Self.header + "a.csv,s,1,thigh,squat,10\n\"b\nc.csv\",s,1,elbow,squat,3\n")
                == RecordingError(file: "M", line: 3, column: 4, kind: .unknownPlacement("elbow")))
        #expect(failure(Self.header + "a.csv,s,1,thigh,jumping,10\n")
                == RecordingError(file: "M", line: 2, column: 5, kind: .unknownSetKind("jumping")))
        #expect(failure(Self.header + "a.csv,s,1,thigh,squat,ten\n")
                == RecordingError(file: "M", line: 2, column: 6, kind: .nonNumericField(column: "expected_reps", text: "ten")))
        #expect(failure(Self.header + "a.csv,s,1,thigh,squat,\n")
                == RecordingError(file: "M", line: 2, column: 6, kind: .nonNumericField(column: "expected_reps", text: "")))
        #expect(failure(Self.header + "a.csv,s,1,thigh\n")
                == RecordingError(file: "M", line: 2, column: 5, kind: .missingColumn(name: "kind")))
        #expect(failure(Self.header)?.kind == .noSamples)
        #expect(failure("")?.kind == .noSamples)
    }

    @Test func aNegativeCountOrAFileListedTwiceIsAnError() {
        #expect(failure(Self.header + "a.csv,s,1,thigh,squat,-3\n")
                == RecordingError(file: "M", line: 2, column: 6, kind: .negativeCount(-3)))
        #expect(failure(Self.header + "a.csv,s,1,thigh,squat,3\nb.csv,s,1,thigh,idle,\na.csv,s,1,thigh,squat,3\n")
                == RecordingError(file: "M", line: 4, column: 1, kind: .duplicateRow(file: "a.csv", firstLine: 2)))
    }

    /// The `file` column is bytes, as file names are: two names that differ only in bytes
    /// that are not UTF-8 are two files, and each keeps its bytes.
    @Test func fileNamesAreTheFieldsBytes() throws {
        let dir = TemporaryDirectory()
        let path = dir.write("manifest.csv", bytes: Array(Self.header.utf8)
            + Array("x".utf8) + [0xFF] + Array(".csv,s,1,thigh,squat,3\n".utf8)
            + Array(" \"x".utf8) + [0xFE] + Array(".csv\" ,s,1,thigh,squat,4\n".utf8))
        let m = try Manifest.read(path)
        #expect(m.entries.map(\.file) == [FilePath(platformString: [0x78, -1, 0x2E, 0x63, 0x73, 0x76, 0]),
                                           FilePath(platformString: [0x78, -2, 0x2E, 0x63, 0x73, 0x76, 0])])
        #expect(m.entries.map(\.file.description) == ["x\u{FFFD}.csv", "x\u{FFFD}.csv"])
    }
}
