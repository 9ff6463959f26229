import Foundation
import Testing
import SquatCore
@testable import SquatRecordings

/// `squatd simulate` and `squatd plot`, run as the built binary.
@Suite struct SquatdSimulateAndPlotCommandTests {
    let dir = TemporaryDirectory()

    @Test func simulateWritesARecordingWithItsTruthThatReplayReads() throws {
        let file = dir.prepare("waist.csv")
        let run = try squatd(["simulate", "--placement", "hip", "--reps", "7", "--tempo", "3", "--rate", "50",
                              "--seed", "11", "-o", file])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "\(file): 7 true reps, \(run.stderr.split(separator: " ")[4]) samples, squats at waist\n")
        let reader = try RecordingReader(path: file)
        #expect(reader.metadata["placement"] == "waist")
        #expect(reader.metadata["kind"] == "squat")
        #expect(reader.metadata["expected_reps"] == "7")
        #expect(reader.metadata["seed"] == "11")
        #expect(reader.metadata["rep_starts_s"]?.split(separator: ";").count == 7)
        #expect(reader.metadata["rep_ends_s"]?.split(separator: ";").count == 7)
        #expect(reader.metadata["rate_hz"] == "50.0")
        var samples = 0
        while try reader.next() != nil { samples += 1 }
        #expect(samples > 7 * 3 * 50)
        #expect(try squatd(["replay", file]).status == 0)
    }

    /// Under journald (`JOURNAL_STREAM` names standard error), a summary is not an error: only
    /// a failure of `squatd run` is marked `<3>` (it marked every line of every command).
    @Test func aSummaryOnJournaldsStreamIsNotMarkedAsAnError() throws {
        let file = dir.prepare("journal.csv"), log = dir.prepare("stderr.txt")
        let run = try squatdInShell("""
            : > '\(log)'; JOURNAL_STREAM=$(stat -c %d:%i '\(log)') "$SQUATD" simulate --reps 3 -o '\(file)' 2>>'\(log)'
            """)
        #expect(run.status == 0, "\(run.stderr)")
        let logged = try String(contentsOfFile: log, encoding: .utf8)
        #expect(logged.contains("3 true reps") && !logged.contains("<3>"), "\(logged)")
    }

    @Test func sameSeedSameBytesOtherSeedOtherBytes() throws {
        let a = try squatd(["simulate", "--activity", "walking", "--duration", "5", "--seed", "3"])
        let b = try squatd(["simulate", "--activity", "walking", "--duration", "5", "--seed", "3"])
        let c = try squatd(["simulate", "--activity", "walking", "--duration", "5", "--seed", "4"])
        #expect(a.status == 0 && a.stdout.hasPrefix("# squatd-recording: 1\n"))
        #expect(a.stdout.contains("\n# kind: idle\n# activity: walking\n# expected_reps: 0\n"))
        #expect(a.stdout == b.stdout)
        #expect(a.stdout != c.stdout)
    }

    @Test func simulateRejectsWhatItCannotModel() throws {
        let placement = try squatd(["simulate", "--placement", "knee"])
        #expect(placement.status == 64)
        #expect(placement.stderr.contains("unknown placement 'knee'; one of: thigh, waist, calf, wrist, upper-arm, head, chest, hand"))
        let rate = try squatd(["simulate", "--rate", "5000"])
        #expect(rate.status == 64)
        #expect(rate.stderr.contains("sample rate 5000.0 is outside the simulated range 1.0…2000.0"))
        let unwritable = try squatd(["simulate", "-o", dir.path + "/missing/dir/x.csv"])
        #expect(unwritable.status == 73)
        #expect(unwritable.stderr.contains("cannot write"))
    }

    @Test func plotWritesSVGNextToTheRecording() throws {
        let file = dir.prepare("thigh.csv")
        #expect(try squatd(["simulate", "--reps", "4", "--seed", "2", "-o", file]).status == 0)
        let run = try squatd(["plot", file])
        #expect(run.status == 0, "\(run.stderr)")
        let svg = dir.read("thigh.svg")
        #expect(svg.hasPrefix("<?xml"))
        #expect(svg.components(separatedBy: "class=\"true-rep\"").count - 1 == 4)
        let counted = svg.components(separatedBy: "class=\"rep-marker\"").count - 1
        #expect(run.stderr == "\(dir.path)/thigh.svg: counted \(counted), true 4\n")
    }

    @Test func plotFailuresHaveTheirExitStatus() throws {
        let missing = try squatd(["plot", dir.path + "/none.csv"])
        #expect(missing.status == 66)
        let file = dir.prepare("x.csv")
        #expect(try squatd(["simulate", "--reps", "1", "-o", file]).status == 0)
        let unwritable = try squatd(["plot", file, "-o", dir.path + "/missing/dir/x.svg"])
        #expect(unwritable.status == 73)
        #expect(unwritable.stderr.contains("x.svg: cannot write"))
        let badProfile = try squatd(["plot", file, "--profile", "elbow"])
        #expect(badProfile.status == 64)
    }

    /// Stopped while it writes (SIGTERM, as a service manager or `kill` stops it), simulate
    /// leaves neither the file nor its temporary name behind, and dies of the signal. (A shell
    /// starts background jobs with SIGINT ignored, so SIGINT cannot be tried this way.)
    @Test func anInterruptedWriteLeavesNoTemporaryFile() throws {
        let work = TemporaryDirectory()
        let run = try squatdInShell("""
            cd '\(work.path)' || exit 1
            "$SQUATD" simulate --activity walking --duration 600 --rate 1000 -o big.csv 2>/dev/null & pid=$!
            tries=0
            until ls -a | grep -q '^\\.big\\.csv\\.squatd-'; do
                tries=$((tries + 1)); [ $tries -le 1200 ] || { kill $pid; echo "never wrote"; exit 1; }; sleep 0.05
            done
            kill -TERM $pid; wait $pid; echo "status $?"; ls -a
            """, timeout: 120)
        #expect(run.stdout == "status 143\n.\n..\n", "\(run.stdout)\(run.stderr)")
    }

    /// Killed outright (SIGKILL: no handler runs), simulate leaves its temporary file; the next
    /// write of the same file removes it, and leaves alone one whose writer still runs (here the
    /// shell's own process ID) and the temporary files of other destinations.
    @Test func aKilledWritersTemporaryFileGoesWithTheNextWrite() throws {
        let work = TemporaryDirectory()
        let run = try squatdInShell("""
            export LC_ALL=C; cd '\(work.path)' || exit 1
            "$SQUATD" simulate --activity walking --duration 600 --rate 1000 -o big.csv 2>/dev/null & pid=$!
            tries=0
            until ls -a | grep -q '^\\.big\\.csv\\.squatd-'; do
                tries=$((tries + 1)); [ $tries -le 1200 ] || { kill $pid; echo "never wrote"; exit 1; }; sleep 0.05
            done
            kill -KILL $pid; wait $pid; echo "status $?"; ls -a | grep -c '^\\.big\\.csv\\.squatd-'
            : > ".big.csv.squatd-$$.tmp"; : > .other.csv.squatd-$pid.tmp
            "$SQUATD" simulate --reps 2 -o big.csv 2>/dev/null; echo "status $?"; ls -a | grep -v '^\\.*$' | sed "s/$$/SHELL/; s/$pid/KILLED/"
            """, timeout: 120)
        #expect(run.stdout == "status 137\n1\nstatus 0\n.big.csv.squatd-SHELL.tmp\n.other.csv.squatd-KILLED.tmp\nbig.csv\n",
                "\(run.stdout)\(run.stderr)")
    }

    /// A write that fails half way (here at a file size limit, `ulimit -f 20`: 10 KB in dash's
    /// 512-byte blocks, as at a full disk) leaves no half recording whose metadata promises reps
    /// it does not hold, and leaves a picture that was there as it was, not cut mid-element.
    @Test func aFailedWriteLeavesNoHalfFile() throws {
        let csv = dir.prepare("half.csv"), svg = dir.prepare("kept.svg")
        let simulate = try squatdInShell("trap '' XFSZ; ulimit -f 20; \"$SQUATD\" simulate -o '\(csv)'")
        #expect(simulate.status == 73)
        #expect(simulate.stderr.contains("half.csv: cannot write: File too large"), "\(simulate.stderr)")
        #expect(!FileManager.default.fileExists(atPath: csv))
        try "<svg/>".write(toFile: svg, atomically: false, encoding: .utf8)
        let thigh = dir.prepare("thigh.csv")
        #expect(try squatd(["simulate", "--reps", "12", "-o", thigh]).status == 0)
        let plot = try squatdInShell("trap '' XFSZ; ulimit -f 20; \"$SQUATD\" plot '\(thigh)' -o '\(svg)'")
        #expect(plot.status == 73)
        #expect(dir.read("kept.svg") == "<svg/>")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(".") }.isEmpty)
    }

    /// Written whole under another name and renamed over it, a file replaced keeps its
    /// permissions, as one truncated in place did.
    @Test func aReplacedFileKeepsItsPermissions() throws {
        let csv = dir.prepare("private.csv")
        #expect(try squatd(["simulate", "--reps", "2", "-o", csv]).status == 0)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: csv)
        #expect(try squatd(["simulate", "--reps", "3", "-o", csv]).status == 0)
        let attributes = try FileManager.default.attributesOfItem(atPath: csv)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(try RecordingReader(path: csv).metadata["expected_reps"] == "3")
    }

    /// Replaced by root (`sudo squatd plot` over a user's picture), a file stays its owner's;
    /// a file bind-mounted in place (a container's single output file), which cannot be renamed
    /// over, is written in place as before (it failed with "Device or resource busy").
    @Test(.enabled(if: getuid() == 0, "needs root: chown and mount"))
    func rootKeepsTheOwnerAndWritesThroughABindMount() throws {
        let csv = dir.prepare("theirs.csv")
        #expect(try squatd(["simulate", "--reps", "2", "-o", csv]).status == 0)
        #expect(chown(csv, 65534, 65534) == 0)
        #expect(try squatd(["simulate", "--reps", "3", "-o", csv]).status == 0)
        let attributes = try FileManager.default.attributesOfItem(atPath: csv)
        #expect((attributes[.ownerAccountID] as? NSNumber)?.intValue == 65534)
        #expect((attributes[.groupOwnerAccountID] as? NSNumber)?.intValue == 65534)

        let source = dir.prepare("source.csv"), bound = dir.prepare("bound.csv")
        try "x\n".write(toFile: source, atomically: false, encoding: .utf8)
        try "".write(toFile: bound, atomically: false, encoding: .utf8)
        let run = try squatdInShell("""
            mount --bind '\(source)' '\(bound)' 2>/dev/null || { echo "no mount"; exit 0; }
            "$SQUATD" simulate --reps 2 -o '\(bound)' 2>&1; echo "status $?"; umount '\(bound)'
            """)
        guard !run.stdout.contains("no mount") else {
            print("skipped the bind mount: mount --bind is not permitted here")
            return
        }
        #expect(run.stdout.contains("status 0"), "\(run.stdout)")
        #expect(try RecordingReader(path: source).metadata["expected_reps"] == "2")
    }

    /// `--from` and `--to` draw a stretch of a long recording, to see its reps: the counts and
    /// true reps that end in it, numbered as in the whole recording, the detector having read
    /// what came before.
    @Test func plotDrawsAStretchOfTheRecording() throws {
        let file = dir.prepare("stretch.csv")
        #expect(try squatd(["simulate", "--reps", "6", "--seed", "2", "-o", file]).status == 0)
        let metadata = try RecordingReader(path: file).metadata
        let starts = try #require(metadata["rep_starts_s"]).split(separator: ";").compactMap { Double($0) }
        let ends = try #require(metadata["rep_ends_s"]).split(separator: ";").compactMap { Double($0) }
        let from = String(starts[2] - 0.05), to = String(ends[3] + 0.6)
        let run = try squatd(["plot", file, "--from", from, "--to", to, "-o", dir.path + "/stretch.svg"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "\(dir.path)/stretch.svg: counted 2, true 2\n")
        let svg = dir.read("stretch.svg")
        #expect(svg.components(separatedBy: "class=\"true-rep\"").count - 1 == 2)
        #expect(svg.components(separatedBy: "class=\"rep-marker\"").count - 1 == 2)
        #expect(svg.contains("<title>rep 3: ") && svg.contains("<title>rep 4: ") && !svg.contains("<title>rep 5: "))
        let backwards = try squatd(["plot", file, "--from", to, "--to", from])
        #expect(backwards.status == 64)
        #expect(backwards.stderr.contains("must be before --to"))
    }

    /// Truth metadata that cannot be right is an error naming its line, not a picture that
    /// blames the detector (an unreadable time was dropped, and a count of 12 for 10 listed
    /// reps titled the picture "all matched").
    @Test func plotRejectsTruthMetadataThatCannotBeRight() throws {
        let file = dir.prepare("truth.csv")
        #expect(try squatd(["simulate", "--reps", "3", "--seed", "2", "-o", file]).status == 0)
        let text = dir.read("truth.csv")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let countLine = try #require(lines.firstIndex { $0.hasPrefix("# expected_reps:") }) + 1
        try text.replacingOccurrences(of: "# expected_reps: 3", with: "# expected_reps: 4")
            .write(toFile: file, atomically: true, encoding: .utf8)
        let run = try squatd(["plot", file, "-o", dir.path + "/truth.svg"])
        #expect(run.status == 65)
        #expect(run.stderr == "\(file):\(countLine):1: expected_reps is 4, but rep_starts_s lists 3 reps\n")
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/truth.svg"))
    }

    /// The phase shading of the detector-signal panel: `<rect>`s 300 pixels high in a phase's colour.
    private func phaseShading(_ svg: String) -> [Substring] {
        svg.split(separator: "\n").filter { line in
            line.hasPrefix("<rect") && line.contains("height=\"300\"")
                && ["#cfe3f7", "#f8d7a6", "#d3edcc", "#e2e2e2"].contains { line.contains("fill=\"\($0)\"") }
        }
    }

    /// A file is read twice (its span first), standard input redirected from a file too, a
    /// pipe once: all three draw the same recording, the first two byte for byte.
    @Test func plotDrawsAFileStandardInputAndAPipeAlike() throws {
        let file = dir.prepare("set.csv")
        #expect(try squatd(["simulate", "--reps", "6", "--seed", "4", "-o", file]).status == 0)
        let fromFile = try squatd(["plot", file, "-o", "-"])
        let redirected = try squatdInShell("exec \"$SQUATD\" plot - -o - < '\(file)'")
        let piped = try squatdInShell("cat '\(file)' | \"$SQUATD\" plot - -o -")
        #expect(fromFile.status == 0 && redirected.status == 0 && piped.status == 0, "\(piped.stderr)")
        #expect(redirected.stdout == fromFile.stdout.replacingOccurrences(of: ">set.csv<", with: ">standard input<"))
        #expect(piped.stdout.split(separator: "\n").filter { $0.contains("class=\"rep-marker\"") }
                == redirected.stdout.split(separator: "\n").filter { $0.contains("class=\"rep-marker\"") })
        #expect(phaseShading(piped.stdout) == phaseShading(redirected.stdout))
    }

    /// An hour of restless handling goes in and out of the detector's phases thousands of
    /// times, most of them narrower than a twentieth of a pixel. Those are not kept (their
    /// rectangles, written 0 wide, drew nothing), so the plot's memory and the SVG stay
    /// bounded by the picture's width.
    @Test func shadingNarrowerThanAPixelIsNotKept() throws {
        let file = dir.prepare("handling.csv")
        #expect(try squatd(["simulate", "--activity", "handling", "--duration", "3600", "--rate", "50", "--seed", "1",
                            "-o", file]).status == 0)
        let run = try squatd(["plot", file, "-o", "-"])
        #expect(run.status == 0)
        let shading = phaseShading(run.stdout)
        #expect(shading.count > 100)
        // Only a phase still open at the last sample may end where it starts.
        #expect(shading.filter { $0.contains("width=\"0\"") && !$0.contains("x=\"1290\"") } == [])
    }
}
