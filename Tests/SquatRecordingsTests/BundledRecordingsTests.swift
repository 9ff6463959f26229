import Foundation
import Testing
@testable import SquatRecordings

/// `Recordings/README.md` tells a newcomer what squatd counts on each bundled recording. The
/// table is written by hand; this keeps it true: every row's "squatd counts" is what a replay
/// counts today, and its "true count" is the file's `# expected_reps:`.
@Suite struct BundledRecordingsTests {
    static let directory: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Recordings").standardized.path

    /// `(file, true count, squatd counts)` from each row of the README's table.
    static func tableRows() throws -> [(file: String, expected: Int, counted: Int)] {
        let text = try String(contentsOfFile: directory + "/README.md", encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 3, cells[0].hasPrefix("`"), cells[0].hasSuffix(".csv`"),
                  let expected = Int(cells[cells.count - 2]), let counted = Int(cells[cells.count - 1]) else { return nil }
            return (String(cells[0].dropFirst().dropLast()), expected, counted)
        }
    }

    @Test func theReadmeTableSaysWhatSquatdCounts() throws {
        let rows = try Self.tableRows()
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.directory).filter { $0.hasSuffix(".csv") }
        #expect(Set(rows.map(\.file)) == Set(files), "one row per bundled recording")
        for row in rows {
            let path = Self.directory + "/" + row.file
            let result = try Replay().run(path)
            #expect(result.count == row.counted, "\(row.file): the table says squatd counts \(row.counted), it counts \(result.count)")
            let metadata = try RecordingReader(path: path).metadata
            #expect(metadata["expected_reps"] == String(row.expected), "\(row.file): true count")
        }
    }

    /// The README's examples of `squatd replay Recordings/thigh-normal.csv` (its first two
    /// lines and the total, and the first rep of `--json`) are what it prints today.
    @Test func theReadmeReplayExamplesAreWhatSquatdPrints() throws {
        let root = URL(fileURLWithPath: Self.directory).deletingLastPathComponent().path
        let readme = try String(contentsOfFile: root + "/README.md", encoding: .utf8)
        let human = try squatdInShell("cd '\(root)' && \"$SQUATD\" replay Recordings/thigh-normal.csv")
        let lines = human.stdout.split(separator: "\n")
        #expect(lines.count == 11, "\(human.stdout)")
        for line in lines.prefix(2) + lines.suffix(1) {
            #expect(readme.contains("\n\(line)\n"), "README.md's replay example lacks: \(line)")
        }
        let json = try squatdInShell("cd '\(root)' && \"$SQUATD\" replay --json Recordings/thigh-normal.csv")
        let firstRep: String? = json.stdout.split(separator: "[", maxSplits: 1).last?.split(separator: "}").first.map { String($0) + "}" }
        #expect(firstRep.map { readme.contains("\"reps\":[" + $0 + ",…]") } == true,
                "README.md's --json example lacks: \(firstRep ?? json.stdout)")
    }

    /// Every bundled file is what `Recordings/generate.sh` makes with today's squatd, byte for
    /// byte, as `Recordings/README.md` promises: a simulator change must regenerate the
    /// recordings, and a detector change that moves a rep the picture the README shows.
    /// (Until November 2026 only the picture was checked, drawn from the bundled recording.)
    @Test func theBundledFilesAreWhatGenerateShMakesToday() throws {
        let work = TemporaryDirectory()
        let run = try squatdInShell("cp '\(Self.directory)/generate.sh' '\(work.path)/' && sh '\(work.path)/generate.sh'")
        #expect(run.status == 0, "\(run.stderr)")
        let bundled = try FileManager.default.contentsOfDirectory(atPath: Self.directory)
            .filter { $0.hasSuffix(".csv") || $0.hasSuffix(".svg") }.sorted()
        let made = try FileManager.default.contentsOfDirectory(atPath: work.path)
            .filter { $0.hasSuffix(".csv") || $0.hasSuffix(".svg") }.sorted()
        #expect(made == bundled)
        for name in bundled {
            let kept = try String(contentsOfFile: Self.directory + "/" + name, encoding: .utf8)
            let now = (try? String(contentsOfFile: work.path + "/" + name, encoding: .utf8)) ?? ""
            let keptLines = kept.split(separator: "\n", omittingEmptySubsequences: false)
            let nowLines = now.split(separator: "\n", omittingEmptySubsequences: false)
            let line = zip(nowLines, keptLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? (nowLines.count == keptLines.count ? nil : min(nowLines.count, keptLines.count))
            #expect(line == nil, "Recordings/\(name) is out of date from line \((line ?? 0) + 1) (run Recordings/generate.sh)")
        }
    }
}
