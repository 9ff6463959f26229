import Foundation
import InMemoryLogging
import Logging
import SystemPackage
import Testing
@testable import SquatDaemon

@Suite struct CountStoreTests {
    let dir = ScratchDirectory()
    let log = LogCapture()
    let monday = LocalDay("2026-11-16")!
    let tuesday = LocalDay("2026-11-17")!
    var journal: String { dir.file("counts.journal") }

    func open() throws -> CountStore { try CountStore(directory: FilePath(dir.path), logger: log.logger) }

    @Test func countsPerDeviceAndDaySurviveReopening() throws {
        let store = try open()
        try store.recordRep(device: "pocket", day: monday)
        try store.recordRep(device: "pocket", day: monday)
        let afterWrist = try store.recordRep(device: "wrist", day: monday)
        #expect(afterWrist == DaySummary(day: monday, counts: ["pocket": 2, "wrist": 1]))
        #expect(afterWrist.total == 3)
        try store.recordRep(device: "wrist", day: tuesday)
        #expect(store.summary(for: tuesday) == DaySummary(day: tuesday, counts: ["wrist": 1]))
        #expect(store.summary(for: LocalDay("2026-11-18")!) == DaySummary(day: LocalDay("2026-11-18")!))
        store.close()

        let reopened = try open()
        #expect(reopened.summary(for: monday) == DaySummary(day: monday, counts: ["pocket": 2, "wrist": 1]))
        #expect(reopened.summary(for: tuesday).total == 1)
        #expect(try CountStore.summary(directory: FilePath(dir.path), day: monday).counts == ["pocket": 2, "wrist": 1])
        #expect(dir.names() == ["counts.journal"])
        #expect(log.messages(at: .warning).isEmpty && log.messages(at: .error).isEmpty)
    }

    @Test func eachRepIsOneChecksummedLine() throws {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        let store = try open()
        try store.recordRep(device: "Sony_DualSense_1234", day: LocalDay("2026-11-21")!)
        #expect(String(decoding: dir.bytes("counts.journal"), as: UTF8.self)
            == "squatd-counts 1\n2026-11-21\tSony_DualSense_1234\t1\tf2dea99f\n")
        var status = stat()
        stat(journal, &status)
        #expect(status.st_mode & 0o777 == 0o644)
    }

    @Test func deviceKeysWithAnyCharactersRoundTrip() throws {
        let keys = ["usb-0000:00:14.0-2\tx", "50% off", "two\nlines", "Capteur d’accélération ✓", ""]
        let store = try open()
        for key in keys { try store.recordRep(device: key, day: monday) }
        store.close()
        #expect(try CountStore.summary(directory: FilePath(dir.path), day: monday).counts == Dictionary(uniqueKeysWithValues: keys.map { ($0, 1) }))
        let text = String(decoding: dir.bytes("counts.journal"), as: UTF8.self)
        #expect(text.split(separator: "\n").count == 1 + keys.count)
        #expect(text.contains("50%25 off") && text.contains("two%0Alines") && text.contains("-2%09x"))
    }

    /// A crash while a rep is being appended leaves any prefix of its line. Every such prefix
    /// must open to the counts before that rep, without setting the file aside, and take new reps.
    @Test func tornLastRecordAtEveryByteIsDroppedAndLogged() throws {
        let (full, lastStart) = try journalWithFiveReps()
        for cut in lastStart..<full.count {
            let scratch = ScratchDirectory()
            scratch.write("counts.journal", bytes: Array(full[..<cut]))
            #expect(try CountStore.summary(directory: FilePath(scratch.path), day: monday).counts == ["a": 2, "b": 2], "cut at \(cut)")
            let capture = LogCapture()
            let store = try CountStore(directory: FilePath(scratch.path), logger: capture.logger)
            #expect(store.summary(for: monday).counts == ["a": 2, "b": 2], "cut at \(cut)")
            #expect(scratch.names() == ["counts.journal"], "cut at \(cut)")
            #expect(scratch.bytes("counts.journal") == Array(full[..<lastStart]), "cut at \(cut)")
            #expect(capture.messages(at: .warning).count == (cut > lastStart ? 1 : 0), "cut at \(cut)")
            #expect(try store.recordRep(device: "a", day: monday).counts == ["a": 3, "b": 2])
            store.close()
            #expect(try CountStore.summary(directory: FilePath(scratch.path), day: monday).counts == ["a": 3, "b": 2], "cut at \(cut)")
        }
    }

    /// The journal only grows by appends after its header was written atomically, so a crash
    /// at any moment leaves one of its prefixes. Each opens to exactly the reps whose lines it
    /// holds in full, with nothing set aside.
    @Test func everyPrefixAfterTheHeaderOpensToTheRepsItHoldsInFull() throws {
        let (full, _) = try journalWithFiveReps()
        let header = CountJournal.header().count
        let devices = ["a", "b", "a", "b", "a"]
        let lineLength = CountJournal.record(day: monday, device: "a", reps: 1).count
        for cut in header...full.count {
            let scratch = ScratchDirectory()
            scratch.write("counts.journal", bytes: Array(full[..<cut]))
            let store = try CountStore(directory: FilePath(scratch.path), logger: LogCapture().logger)
            let whole = (cut - header) / lineLength
            let expected = devices.prefix(whole).reduce(into: [String: Int]()) { $0[$1, default: 0] += 1 }
            #expect(store.summary(for: monday).counts == expected, "cut at \(cut)")
            #expect(scratch.names() == ["counts.journal"], "cut at \(cut)")
        }
    }

    /// Damage that is not a crash's (any byte of a complete last record changed): the file is
    /// kept aside, the intact records are kept, the journal is rewritten clean.
    @Test func garbledLastRecordAtEveryByteIsSetAsideAndTheRestKept() throws {
        let (full, lastStart) = try journalWithFiveReps()
        for offset in lastStart..<full.count {
            let scratch = ScratchDirectory()
            var garbled = full
            garbled[offset] ^= 0x20
            scratch.write("counts.journal", bytes: garbled)
            let capture = LogCapture()
            let store = try CountStore(directory: FilePath(scratch.path), logger: capture.logger)
            #expect(store.summary(for: monday).counts == ["a": 2, "b": 2], "byte \(offset)")
            if offset == full.count - 1 {
                // The newline itself: the record is now an incomplete last line, as after a crash.
                #expect(scratch.names() == ["counts.journal"])
            } else {
                let aside = try #require(scratch.names().first { $0.hasPrefix("counts.journal.corrupt-") }, "byte \(offset)")
                #expect(scratch.bytes(aside) == garbled)
                #expect(capture.messages(at: .error).count == 1)
            }
            store.close()
            #expect(CountJournal.parse(scratch.bytes("counts.journal")).damagedLines.isEmpty)
            #expect(try CountStore.summary(directory: FilePath(scratch.path), day: monday).counts == ["a": 2, "b": 2])
        }
    }

    @Test func damagedMiddleLineIsReportedThenSetAsideWithEveryIntactRecordKept() throws {
        let (full, _) = try journalWithFiveReps()
        var lines = full.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        lines[3] = ArraySlice(Array("2026-11-16\tb\t1\t00000000".utf8))
        let damaged = Array(lines.joined(separator: [UInt8(ascii: "\n")]))
        dir.write("counts.journal", bytes: damaged)

        #expect(throws: StateError.corrupt(path: FilePath(journal), line: 4)) { try CountStore.summary(directory: FilePath(dir.path), day: monday) }
        #expect(StateError.corrupt(path: FilePath(journal), line: 4).description == "\(journal):4: damaged record (bad checksum or format)")

        let store = try open()
        #expect(store.summary(for: monday).counts == ["a": 2, "b": 2])
        let aside = try #require(dir.names().first { $0.hasPrefix("counts.journal.corrupt-") })
        #expect(dir.bytes(aside) == damaged)
        let error = try #require(log.messages(at: .error).first)
        #expect(error.contains("kept it as \(dir.file(aside))") && error.contains("recovered 4 reps from 4 intact records"))
        #expect(log.handler.entries.first { $0.level == .error }?.metadata["lines"] == "4")
        store.close()
        #expect(String(decoding: dir.bytes("counts.journal"), as: UTF8.self).split(separator: "\n").count == 3)
        #expect(try CountStore.summary(directory: FilePath(dir.path), day: monday).counts == ["a": 2, "b": 2])

        // The next damage finds a free name beside the first one.
        dir.write("counts.journal", bytes: damaged)
        _ = try open()
        #expect(dir.names().filter { $0.hasPrefix("counts.journal.corrupt-") }.count == 2)
    }

    @Test func newerFormatIsKeptAsideAndNeverReadAsOurs() throws {
        let newer = Array("squatd-counts 2\n2026-11-16 a 40 whatever\n".utf8)
        dir.write("counts.journal", bytes: newer)
        #expect(throws: StateError.newerVersion(path: FilePath(journal), version: 2)) { try CountStore.summary(directory: FilePath(dir.path), day: monday) }

        let store = try open()
        #expect(store.summary(for: monday).total == 0)
        let aside = try #require(dir.names().first { $0.hasPrefix("counts.journal.newer-") })
        #expect(dir.bytes(aside) == newer)
        #expect(log.messages(at: .error).first?.contains("newer squatd (format 2; this one reads format 1)") == true)
        #expect(dir.bytes("counts.journal") == Array("squatd-counts 1\n".utf8))
    }

    @Test(arguments: ["", "squatd-counts", "squatd-counts 1", "squatd-counts 0\n", "hello\n2026-11-16\ta\t1\t0\n"])
    func fileThatIsNotAJournalIsSetAside(_ text: String) throws {
        dir.write("counts.journal", bytes: Array(text.utf8))
        #expect(throws: StateError.corrupt(path: FilePath(journal), line: 1)) { try CountStore.summary(directory: FilePath(dir.path), day: monday) }
        let store = try open()
        #expect(store.summary(for: monday).total == 0)
        #expect(dir.names().contains { $0.hasPrefix("counts.journal.corrupt-") })
        #expect(try store.recordRep(device: "a", day: monday).total == 1)
    }

    @Test func recordsAfterAnUnreadableHeaderAreRecovered() throws {
        let record = CountJournal.record(day: monday, device: "a", reps: 7)
        dir.write("counts.journal", bytes: Array("squatd-cXunts 1\n".utf8) + record)
        let store = try open()
        #expect(store.summary(for: monday).counts == ["a": 7])
    }

    @Test func longJournalIsCompactedOnOpen() throws {
        var bytes = CountJournal.header()
        let reps = CountStore.compactionSlack + 10
        for index in 0..<reps {
            bytes += CountJournal.record(day: index % 2 == 0 ? monday : tuesday, device: index % 3 == 0 ? "a" : "b", reps: 1)
        }
        dir.write("counts.journal", bytes: bytes)
        let store = try open()
        let expected = (0..<reps).reduce(into: [LocalDay: [String: Int]]()) {
            $0[$1 % 2 == 0 ? monday : tuesday, default: [:]][$1 % 3 == 0 ? "a" : "b", default: 0] += 1
        }
        #expect(store.summary(for: monday).counts == expected[monday])
        #expect(store.summary(for: tuesday).counts == expected[tuesday])
        #expect(dir.bytes("counts.journal") == CountJournal.compacted(expected))
        #expect(dir.names() == ["counts.journal"])
        try store.recordRep(device: "a", day: monday)
        store.close()
        #expect(try CountStore.summary(directory: FilePath(dir.path), day: monday).counts["a"] == expected[monday]!["a"]! + 1)
    }

    @Test func aDirectoryThatCannotBeUsedIsNamedInTheError() throws {
        dir.write("plain-file", bytes: [])
        #expect(throws: StateError.unwritable(path: FilePath(dir.file("plain-file/state")), call: "mkdir", errno: ENOTDIR)) {
            try CountStore(directory: FilePath(dir.file("plain-file/state")), logger: log.logger)
        }
        // Opened to count into, a file in the directory's place is a directory that cannot be
        // written (exit 73); only read (squatd status), one that cannot be read (66).
        #expect(throws: StateError.unwritable(path: FilePath(dir.file("plain-file")), call: "open", errno: ENOTDIR)) {
            try CountStore(directory: FilePath(dir.file("plain-file")), logger: log.logger)
        }
        #expect(throws: StateError.unreadable(path: FilePath(dir.file("plain-file")), call: "open", errno: ENOTDIR)) {
            try CountStore.summary(directory: FilePath(dir.file("plain-file")))
        }
        #expect(throws: StateError.missingDirectory(path: FilePath(dir.file("absent")))) {
            try CountStore.summary(directory: FilePath(dir.file("absent")))
        }
        #expect(StateError.unwritable(path: "/x", call: "mkdir", errno: ENOTDIR).description == "/x: mkdir: Not a directory")
        // A directory in the journal's place needs a person (65), not a restart (73).
        let blocked = ScratchDirectory()
        mkdir(blocked.file("counts.journal"), 0o755)
        #expect(throws: StateError.notAFile(path: FilePath(blocked.file("counts.journal")))) {
            try CountStore(directory: FilePath(blocked.path), logger: log.logger)
        }
        #expect(throws: StateError.notAFile(path: FilePath(blocked.file("counts.journal")))) {
            try CountStore.summary(directory: FilePath(blocked.path))
        }
        // A device that reads forever is refused, not read.
        let device = ScratchDirectory()
        symlink("/dev/zero", device.file("counts.journal"))
        #expect(throws: StateError.symbolicLink(path: FilePath(device.file("counts.journal")))) {
            try CountStore(directory: FilePath(device.path), logger: log.logger)
        }
        // A journal that is a symlink (here to another state directory's) is refused, the
        // directory's lock would not guard it; even dangling, it is not replaced.
        let other = ScratchDirectory()
        _ = try CountStore(directory: FilePath(other.path), logger: log.logger)
        let linked = ScratchDirectory()
        symlink(other.file("counts.journal"), linked.file("counts.journal"))
        #expect(throws: StateError.symbolicLink(path: FilePath(linked.file("counts.journal")))) {
            try CountStore(directory: FilePath(linked.path), logger: log.logger)
        }
        let dangling = ScratchDirectory()
        symlink(other.file("absent"), dangling.file("counts.journal"))
        #expect(throws: StateError.symbolicLink(path: FilePath(dangling.file("counts.journal")))) {
            try CountStore(directory: FilePath(dangling.path), logger: log.logger)
        }
        #expect(StateError.notAFile(path: "/x").description == "/x: not a regular file")
        #expect(StateError.symbolicLink(path: "/x").description.hasPrefix("/x: a symbolic link; squatd refuses to follow it"))
    }

    /// The exit status of `squatd run` where the README's table puts it: a state directory that
    /// cannot be written 73, a journal that needs a person (here a symlink) 65, with what to do.
    @Test func runExitsWithTheStatusTheReadmeGivesForAStateDirectoryItCannotUse() throws {
        dir.write("plain-file", bytes: [])
        let file = try squatd(["run", "--config", "/dev/null", "--state-dir", dir.file("plain-file")])
        #expect(file.status == 73, "\(file.stderr)")
        #expect(file.stderr.contains(dir.file("plain-file") + ": open: Not a directory"), "\(file.stderr)")

        let other = ScratchDirectory()
        _ = try CountStore(directory: FilePath(other.path), logger: log.logger)
        symlink(other.file("counts.journal"), journal)
        let linked = try squatd(["run", "--config", "/dev/null", "--state-dir", dir.path])
        #expect(linked.status == 65, "\(linked.stderr)")
        #expect(linked.stderr.contains(journal + ": a symbolic link; squatd refuses to follow it"), "\(linked.stderr)")
        #expect(linked.stderr.contains("move that file here in place of the link"), "\(linked.stderr)")
    }

    @Test(.enabled(if: getuid() != 0, "root reads and writes whatever the permissions say"))
    func permissionDeniedIsNamed() throws {
        chmod(dir.path, 0o500)
        #expect(throws: StateError.unwritable(path: FilePath(journal + ".tmp"), call: "open", errno: EACCES)) { try open() }
    }

    /// The same refusal end to end, for where the tests run as root (CI), which the test above
    /// cannot see: the built `squatd run`, as `nobody`, on a directory only root may write, stops
    /// with exit status 77 and names the file and the reason.
    @Test(.enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"),
                   "needs root and setpriv to run squatd as another user"))
    func permissionDeniedStopsTheServiceWith77() throws {
        chmod(dir.path, 0o755)
        let run = try squatdAsNobody(["run", "--config", "/dev/null", "--state-dir", dir.path])
        #expect(run.status == 77, "\(run.stderr)")
        #expect(run.stderr.contains(dir.path + "/counts.journal.tmp: open: Permission denied"), "\(run.stderr)")
        #expect(dir.names().isEmpty)
    }

    @Test func missingDirectoryIsCreatedAndAnEmptyOneHasNoCounts() throws {
        let nested = dir.file("state")
        #expect(try CountStore.summary(directory: FilePath(dir.path), day: monday) == DaySummary(day: monday))
        let store = try CountStore(directory: FilePath(nested), logger: log.logger)
        #expect(store.summary(for: monday).total == 0)
        #expect(FileManager.default.fileExists(atPath: nested + "/counts.journal"))
    }

    @Test func oneProcessCountsIntoADirectoryAtATime() throws {
        let store = try open()
        #expect(throws: StateError.inUse(path: FilePath(dir.path))) { try open() }
        store.close()
        #expect(throws: StateError.closed(path: FilePath(journal))) { try store.recordRep(device: "a", day: monday) }
        _ = try open()
    }

    /// `rm -rf` of the state directory while squatd runs: appends would go on into an inode
    /// nothing names, and every later rep would be gone after a restart.
    @Test func aDeletedStateDirectoryIsCreatedAgainWithEveryRep() throws {
        let state = dir.file("state")
        let store = try CountStore(directory: FilePath(state), logger: log.logger)
        try store.recordRep(device: "a", day: monday)
        try store.recordRep(device: "b", day: monday)
        try FileManager.default.removeItem(atPath: state)
        try store.recordRep(device: "a", day: monday)
        try store.recordRep(device: "a", day: tuesday)
        #expect(try CountStore.summary(directory: FilePath(state), day: monday).counts == ["a": 2, "b": 1])
        #expect(try CountStore.summary(directory: FilePath(state), day: tuesday).counts == ["a": 1])
        #expect(log.messages(at: .warning).count == 1)
        #expect(throws: StateError.inUse(path: FilePath(state))) { try CountStore(directory: FilePath(state), logger: log.logger) }
        store.close()
        #expect(try CountStore(directory: FilePath(state), logger: log.logger).summary(for: monday).total == 3)
    }

    /// `rm counts.journal` alone: the same, in the directory the store already holds.
    @Test func aDeletedJournalIsWrittenAgainWithEveryRep() throws {
        let store = try open()
        try store.recordRep(device: "a", day: monday)
        try FileManager.default.removeItem(atPath: journal)
        try store.recordRep(device: "a", day: monday)
        try store.recordRep(device: "b", day: monday)
        #expect(try CountStore.summary(directory: FilePath(dir.path), day: monday).counts == ["a": 2, "b": 1])
        #expect(dir.names() == ["counts.journal"])
        #expect(log.messages(at: .warning).count == 1)
        #expect(throws: StateError.inUse(path: FilePath(dir.path))) { try open() }
    }

    /// The state directory deleted and created again under the service's UMask=0077 gets the
    /// mode (and, as root, the owner) it had, not 0700: `squatd status` run by another user
    /// must still read it.
    @Test func aStateDirectoryCreatedAgainHasItsOldModeAndOwner() async {
        await #expect(processExitsWith: .success) {
            let base = NSTemporaryDirectory() + "squatd-mode-\(UUID().uuidString)"
            defer { try? FileManager.default.removeItem(atPath: base) }
            let state = base + "/state"
            guard mkdir(base, 0o755) == 0, mkdir(state, 0o755) == 0, chmod(state, 0o751) == 0 else { exit(10) }
            let owner: uid_t = geteuid() == 0 ? 65534 : geteuid()
            if geteuid() == 0 { guard chown(state, 65534, 65534) == 0 else { exit(11) } }
            umask(0o077)
            let day = LocalDay("2026-11-16")!
            let store = try! CountStore(directory: FilePath(state), logger: Logger(label: "test"))
            try! store.recordRep(device: "a", day: day)
            try! FileManager.default.removeItem(atPath: state)
            try! store.recordRep(device: "a", day: day)
            var status = stat()
            guard stat(state, &status) == 0 else { exit(12) }
            guard status.st_mode & 0o7777 == 0o751 else { exit(13) }
            guard status.st_uid == owner else { exit(14) }
            guard try! CountStore.summary(directory: FilePath(state), day: day).total == 2 else { exit(15) }
        }
    }

    /// A state directory deleted where squatd's user may not create it again (StateDirectory=
    /// under /var/lib, read-only with ProtectSystem=strict, or root's): each rep fails, the
    /// reps wait in memory, and the log says once what brings the directory back.
    @Test func aStateDirectoryThatCannotBeCreatedAgainSaysOnceToRestart() async {
        await #expect(processExitsWith: .success) {
            let base = NSTemporaryDirectory() + "squatd-parent-\(UUID().uuidString)"
            let state = base + "/squatd"
            guard mkdir(base, 0o755) == 0 else { exit(10) }
            defer { seteuid(0); chmod(base, 0o755); try? FileManager.default.removeItem(atPath: base) }
            let log = InMemoryLogHandler()
            let day = LocalDay("2026-11-16")!
            let store = try! CountStore(directory: FilePath(state), logger: Logger(label: "test") { _ in log })
            try! store.recordRep(device: "a", day: day)
            try! FileManager.default.removeItem(atPath: state)
            // Root may create anything: as nobody it may not (the store's descriptors stay open).
            if geteuid() == 0 { guard seteuid(65534) == 0 else { exit(11) } } else { chmod(base, 0o555) }
            for _ in 0..<3 {
                do throws(StateError) { try store.recordRep(device: "a", day: day); exit(12) } catch {
                    guard case .unwritable(_, "mkdir", EACCES) = error else { exit(13) }
                }
            }
            let errors = log.entries.filter { $0.level == .error }.map(\.message.description)
            let expected = """
                the state directory was deleted while squatd ran and squatd may not create it again \
                (\(state): mkdir: Permission denied); counts are kept in memory until it exists: \
                restart squatd (systemd creates StateDirectory= again)
                """
            guard errors == [expected] else { print(errors); exit(14) }
            guard store.summary(for: day).total == 1 else { exit(15) }
        }
    }

    @Test func concurrentRepsFromSeveralDevicesAreAllCounted() async throws {
        let store = try open()
        let devices = ["a", "b", "c", "d"]
        let day = monday
        await withTaskGroup(of: Void.self) { group in
            for device in devices {
                group.addTask {
                    for _ in 0..<60 { _ = try? store.recordRep(device: device, day: day) }
                }
            }
        }
        #expect(store.summary(for: monday).counts == ["a": 60, "b": 60, "c": 60, "d": 60])
        store.close()
        let contents = CountJournal.parse(dir.bytes("counts.journal"))
        #expect(contents.records == 240 && contents.damagedLines.isEmpty && contents.tornLength == 0)
        #expect(try open().summary(for: monday).total == 240)
    }

    /// A journal of five reps on `monday` (a, b, a, b, a) and where its last line starts.
    private func journalWithFiveReps() throws -> (bytes: [UInt8], lastRecordStart: Int) {
        let scratch = ScratchDirectory()
        let store = try CountStore(directory: FilePath(scratch.path), logger: log.logger)
        for device in ["a", "b", "a", "b", "a"] { try store.recordRep(device: device, day: monday) }
        store.close()
        let bytes = scratch.bytes("counts.journal")
        return (bytes, bytes.count - CountJournal.record(day: monday, device: "a", reps: 1).count)
    }
}
