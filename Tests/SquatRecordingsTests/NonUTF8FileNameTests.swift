import Foundation
import Testing

/// File names on Linux are bytes and need not be UTF-8. The built `squatd` is run from
/// `/bin/sh`, whose `printf '\377'` spells such names (a Swift `String` argument cannot): the
/// file it opens is the one named, and its messages show the name with U+FFFD.
@Suite struct NonUTF8FileNameTests {
    let dir = TemporaryDirectory()

    init() throws {
        try SyntheticRecordings.write(SyntheticRecordings.thighSquats(reps: 3), to: dir.prepare("three.csv"),
                                      metadata: [("placement", "thigh")])
        try SyntheticRecordings.write(SyntheticRecordings.thighSquats(reps: 5), to: dir.prepare("five.csv"),
                                      metadata: [("placement", "thigh")])
    }

    /// `script` run in the test's directory, where `three.csv` and `five.csv` also go by the
    /// names `\377.csv` and `\376.csv`.
    func inDirectory(_ script: String) throws -> CommandOutcome {
        try squatdInShell("cd '\(dir.path)' && cp three.csv \"$(printf '\\377.csv')\" && cp five.csv \"$(printf '\\376.csv')\" && "
                          + script)
    }

    @Test func replayCountsTheFileItWasGiven() throws {
        let run = try inDirectory(#"exec "$SQUATD" replay "$(printf '\377.csv')""#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.split(separator: "\n").last == "\u{FFFD}.csv: 3 squats (profile thigh from the file, sensitivity 5)")
    }

    /// Two names that read alike once repaired are told apart by their order.
    @Test func namesThatReadAlikeAreTakenInTheOrderGiven() throws {
        let run = try inDirectory(#"exec "$SQUATD" replay --json "$(printf '\376.csv')" "$(printf '\377.csv')""#)
        #expect(run.status == 0, "\(run.stderr)")
        let counts = run.stdout.split(separator: "\n").map {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["count"] as? Int
        }
        #expect(counts == [5, 3])
    }

    @Test func aMissingFileIsNamedReadably() throws {
        let run = try inDirectory(#"exec "$SQUATD" replay "$(printf 'gone\377.csv')""#)
        #expect(run.status == 66)
        #expect(run.stderr == "gone\u{FFFD}.csv: cannot read: No such file or directory\n")
    }

    /// A name that reads like another argument spelled with other bytes cannot be placed:
    /// a usage error, not the wrong file.
    @Test func anAmbiguousNameIsAUsageError() throws {
        let run = try inDirectory(#"exec "$SQUATD" plot "$(printf '\377.csv')" -o "$(printf '\376.csv')""#)
        #expect(run.status == 64)
        #expect(run.stderr.contains("'\u{FFFD}.csv' could be any of 2 arguments that differ only in bytes that are not UTF-8"))
    }

    @Test func plotReadsAndWritesTheNamesGiven() throws {
        let run = try inDirectory(#""$SQUATD" plot "$(printf '\377.csv')" && test -s "$(printf '\377.svg')" && "#
                                  + #""$SQUATD" plot --output="$(printf '\376.svg')" "$(printf '\376.csv')" && test -s "$(printf '\376.svg')""#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "\u{FFFD}.svg: counted 3\n\u{FFFD}.svg: counted 5\n")
    }

    /// `-o=NAME` is the short option's value in one word, as `--output=NAME` is the long one's.
    @Test func aShortOptionsValueAfterAnEqualsSignIsTheNameGiven() throws {
        let run = try inDirectory(#""$SQUATD" plot -o="$(printf '\375.svg')" "$(printf '\377.csv')" && test -s "$(printf '\375.svg')""#)
        #expect(run.status == 0, "\(run.stderr)")
    }

    /// The directory's name and the manifest's `file` column are bytes too: `\377.csv` and
    /// `\376.csv` are two files, not one listed twice.
    @Test func evaluateFollowsTheManifestsBytes() throws {
        let run = try inDirectory(#"mkdir "$(printf 'set\375')" && mv "$(printf '\377.csv')" "$(printf '\376.csv')" "$(printf 'set\375')" && "#
                                  + #"printf 'file,source,subject,placement,kind,expected_reps\n\377.csv,synth,1,thigh,squat,3\n\376.csv,synth,1,thigh,squat,5\n' "#
                                  + #"> "$(printf 'set\375/manifest.csv')" && exec "$SQUATD" evaluate --json "$(printf 'set\375')""#)
        #expect(run.status == 0, "\(run.stdout) \(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let overall = try #require(object["overall"] as? [String: Any])
        #expect(overall["squat_sets"] as? Int == 2)
        #expect(overall["exact_rate"] as? Double == 1)
    }
}
