import Foundation
import Logging
import SquatDaemon
import SystemPackage
import Testing

/// File names on Linux are bytes and need not be UTF-8. The daemon layer opens the bytes it is
/// given (a `FilePath`), not a `String` repaired with U+FFFD, which names another file or none;
/// its messages show the repaired text.
@Suite struct NonUTF8DaemonPathTests {
    let dir = ScratchDirectory()

    func write(_ text: String, to path: FilePath) throws {
        let fd = try FileDescriptor.open(path, .writeOnly, options: [.create, .truncate], permissions: [.ownerReadWrite])
        _ = try fd.closeAfter { try fd.writeAll(Array(text.utf8)) }
    }

    @Test func theConfigurationFileNamedIsTheOneRead() throws {
        let path = dir.notUTF8("squatd")
        try write("[goal]\ndaily = 30\n", to: path)
        // What the name reads as once repaired is another file.
        try "[goal]\ndaily = 40\n".write(toFile: dir.file("squatd\u{FFFD}"), atomically: false, encoding: .utf8)
        #expect(try DaemonConfiguration.load(path: path).configuration.goal.daily == 30)
        #expect(try DaemonOptions(configPath: path).loadConfiguration(logger: LogCapture().logger).goal.daily == 30)
    }

    @Test func aConfigurationErrorNamesTheFileReadably() throws {
        let path = dir.notUTF8("squatd")
        try write("[goal]\ndaily = 0\n", to: path)
        do {
            _ = try DaemonConfiguration.load(path: path)
            Issue.record("loaded an invalid file")
        } catch {
            #expect(error.path == path)
            #expect(error.description == "\(dir.path)/squatd\u{FFFD}:2: goal.daily: must be a whole number of at least 1, got 0")
        }
    }

    @Test func theStateDirectoryNamedHoldsTheCounts() throws {
        let directory = dir.notUTF8("state")
        let store = try CountStore(directory: directory, logger: LogCapture().logger)
        try store.recordRep(device: "a")
        try store.recordRep(device: "a")
        #expect(store.journalPath == directory.appending("counts.journal"))
        #expect(store.journalPath.description == dir.file("state\u{FFFD}/counts.journal"))
        store.close()
        #expect(try CountStore.summary(directory: directory).counts == ["a": 2])
        #expect(directory.appending("counts.journal").withPlatformString { access($0, F_OK) } == 0)
        #expect(dir.names().count == 1 && !FileManager.default.fileExists(atPath: dir.file("state\u{FFFD}")))
    }
}

/// How the count store takes the state directory's path: the forms people write, and a
/// directory it cannot write.
@Suite struct StateDirectoryPathTests {
    let dir = ScratchDirectory()

    /// `--state-dir /var/lib/squatd/` names the same directory, and messages show one path:
    /// not `/var/lib/squatd//counts.journal`.
    @Test func aTrailingSlashIsTheSameDirectory() throws {
        let store = try CountStore(directory: FilePath(dir.path + "/"), logger: LogCapture().logger)
        defer { store.close() }
        try store.recordRep(device: "a")
        #expect(store.journalPath.description == dir.file("counts.journal"))
        #expect(throws: StateError.inUse(path: FilePath(dir.path))) {
            try CountStore(directory: FilePath(dir.path + "//"), logger: LogCapture().logger)
        }
        #expect(try CountStore.summary(directory: FilePath(dir.path + "/")).counts == ["a": 1])
    }

    /// A symlink to the state directory is followed, and the lock is on the directory itself, so
    /// a second daemon given the other name is refused.
    @Test func aSymlinkToTheDirectoryIsTheDirectory() throws {
        let target = dir.file("target")
        let link = dir.file("link")
        #expect(mkdir(target, 0o755) == 0 && symlink(target, link) == 0)
        let store = try CountStore(directory: FilePath(link), logger: LogCapture().logger)
        defer { store.close() }
        try store.recordRep(device: "a")
        #expect(throws: StateError.inUse(path: FilePath(target))) {
            try CountStore(directory: FilePath(target), logger: LogCapture().logger)
        }
        #expect(try CountStore.summary(directory: FilePath(target)).counts == ["a": 1])
    }

    /// A directory in the journal's place is not a journal (65: a person must move it), not a
    /// journal that cannot be written (73, which systemd retries).
    @Test func aDirectoryInPlaceOfTheJournalIsNotAFile() throws {
        #expect(mkdir(dir.file("counts.journal"), 0o755) == 0)
        #expect(throws: StateError.notAFile(path: FilePath(dir.file("counts.journal")))) {
            try CountStore(directory: FilePath(dir.path), logger: LogCapture().logger)
        }
    }
}

/// A configuration path that is not a configuration file is refused, not read forever.
@Suite struct ConfigurationPathTests {
    let dir = ScratchDirectory()

    @Test func aDeviceThatReadsForeverIsRefused() {
        #expect(throws: ConfigError(path: "/dev/zero", problem: .unreadable(reason: "larger than 1 MiB"))) {
            try DaemonConfiguration.load(path: "/dev/zero")
        }
    }

    /// `--config <(generate)` names a pipe: read to its end like a file.
    @Test func aPipeIsReadToItsEnd() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let text = Array("[goal]\ndaily = 7\n".utf8)
        #expect(write(ends[1], text, text.count) == text.count)
        close(ends[1])
        #expect(try DaemonConfiguration.load(path: FilePath("/dev/fd/\(ends[0])")).configuration.goal.daily == 7)
    }

    /// A reload (SIGHUP) of a pipe refuses it, so the settings in force stay: read again it
    /// would be empty, which validates as every setting at its default. A file reloads.
    @Test func aPipeIsNotReadAgainOnReload() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        let piped = FilePath("/dev/fd/\(ends[0])")
        #expect(throws: ConfigError(path: piped, problem: .unreadable(reason: "not a regular file, read once at start (a pipe has nothing more to give)"))) {
            try DaemonOptions(configPath: piped).loadConfiguration(logger: LogCapture().logger, reloading: true)
        }
        dir.write("squatd.toml", bytes: Array("[goal]\ndaily = 7\n".utf8))
        let file = DaemonOptions(configPath: FilePath(dir.file("squatd.toml")))
        #expect(try file.loadConfiguration(logger: LogCapture().logger, reloading: true).goal.daily == 7)
    }

    /// `/dev/null` is an empty file: the defaults, as for an empty configuration.
    @Test func theNullDeviceIsAnEmptyConfiguration() throws {
        #expect(try DaemonConfiguration.load(path: "/dev/null").configuration == DaemonConfiguration())
    }

    /// The built-in path with no file is the defaults; the same path named explicitly is an error.
    @Test func aMissingDefaultFileIsTheDefaults() throws {
        let missing = FilePath("/nonexistent/squatd.toml")
        var options = DaemonOptions(configPath: missing)
        #expect(throws: ConfigError(path: missing, problem: .fileNotFound)) { try options.loadConfiguration(logger: LogCapture().logger) }
        options.configPathIsDefault = true
        let log = LogCapture()
        #expect(try options.loadConfiguration(logger: log.logger) == DaemonConfiguration())
        #expect(log.messages(at: .notice) == ["no configuration file, using the defaults"])
    }
}

/// The built `squatd` with file names that are not UTF-8, spelled by `/bin/sh`'s `printf '\377'`.
@Suite struct NonUTF8CommandLinePathTests {
    let dir = ScratchDirectory()

    @Test func checkConfigReadsTheFileNamed() throws {
        let run = try squatdInShell(#"cd '\#(dir.path)' && printf '[goal]\ndaily = 30\n' > "$(printf 'squatd\377.toml')" && "#
                                    + #"exec "$SQUATD" check-config "$(printf 'squatd\377.toml')""#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("squatd\u{FFFD}.toml: valid\n"))
        #expect(run.stdout.contains("goal: 30"))
    }

    @Test func checkConfigNamesTheInvalidFileReadably() throws {
        let run = try squatdInShell(#"cd '\#(dir.path)' && printf '[goal]\ndaily = 0\n' > "$(printf 'squatd\377.toml')" && "#
                                    + #"exec "$SQUATD" check-config "$(printf 'squatd\377.toml')""#)
        #expect(run.status == 78)
        #expect(run.stderr == "squatd: squatd\u{FFFD}.toml:2: goal.daily: must be a whole number of at least 1, got 0\n")
    }

    @Test func statusReadsTheStateDirectoryNamed() throws {
        let store = try CountStore(directory: dir.notUTF8("state"), logger: LogCapture().logger)
        try store.recordRep(device: "a")
        try store.recordRep(device: "a")
        store.close()
        let run = try squatdInShell(#"cd '\#(dir.path)' && exec "$SQUATD" status --state-dir "$(printf 'state\377')""#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "2 today\n  a  2\n")
    }

    /// `squatd run` reads the configuration and creates its journal under the names given (it is
    /// stopped with SIGTERM once the journal is there), and logs them readably.
    @Test func runUsesTheConfigurationAndStateDirectoryNamed() throws {
        let run = try squatdInShell(#"""
            cd '\#(dir.path)' && printf '[goal]\ndaily = 30\n' > "$(printf 'c\377.toml')" || exit 90
            "$SQUATD" run --config "$(printf 'c\377.toml')" --state-dir "$(printf 's\377')" & pid=$!
            i=0
            while [ ! -f "$(printf 's\377')/counts.journal" ] && [ $i -lt 200 ]; do sleep 0.05; i=$((i + 1)); done
            kill -TERM $pid; wait $pid
            test -f "$(printf 's\377')/counts.journal" || exit 91
            test ! -e "$(printf 's\357\277\275')" || exit 92
            """#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("squatd started"))
        #expect(run.stderr.contains("c\u{FFFD}.toml") && run.stderr.contains("s\u{FFFD}"))
    }

    @Test func anEmptyPathIsAUsageError() throws {
        let run = try squatd(["status", "--state-dir", ""])
        #expect(run.status == 64)
        #expect(run.stderr.contains("--state-dir must name a directory."))
        let run2 = try squatd(["run", "--config", ""])
        #expect(run2.status == 64)
        #expect(run2.stderr.contains("--config must name a file."))
        let check = try squatd(["check-config", ""])
        #expect(check.status == 64, "\(check.stderr)")
        #expect(check.stderr.contains("FILE must name a file."), "\(check.stderr)")
    }
}

/// `squatd run` on a state directory on a read-only file system (a read-only bind mount in a
/// private mount namespace, made by `unshare`).
@Suite(.enabled(if: canMountPrivately(), "unshare -rm cannot make a private mount namespace here"))
struct ReadOnlyStateDirectoryTests {
    let dir = ScratchDirectory()

    init() throws {
        let store = try CountStore(directory: FilePath(dir.file("state")), logger: LogCapture().logger)
        try store.recordRep(device: "a")
        store.close()
    }

    func readOnly(_ command: String) throws -> (status: Int32, stdout: String, stderr: String) {
        try squatdInShell(#"""
            cd '\#(dir.path)' && printf '' > empty.toml && exec unshare -rm sh -c 'mount --bind state state && mount -o remount,bind,ro state && \#(command)'
            """#)
    }

    /// Cannot write: 73 and the file named with the reason, not 66 as for missing input.
    @Test func runExits73NamingTheJournal() throws {
        let run = try readOnly(#"exec "$SQUATD" run --config empty.toml --state-dir state"#)
        #expect(run.status == 73)
        #expect(run.stderr.hasSuffix("squatd: state/counts.journal: open: Read-only file system\n"), "\(run.stderr)")
    }

    @Test func statusReadsIt() throws {
        let run = try readOnly(#"exec "$SQUATD" status --state-dir state"#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "1 today\n  a  1\n")
    }
}

/// Whether `unshare -rm` can make a read-only bind mount here (user and mount namespaces), for
/// the read-only state directory tests.
private func canMountPrivately() -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "d=$(mktemp -d) && unshare -rm sh -c \"mount --bind $d $d && mount -o remount,bind,ro $d\"; s=$?; rmdir \"$d\"; exit $s"]
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
}

extension ScratchDirectory {
    /// `name` inside the directory followed by the byte 0xFF, which is not UTF-8: shown as
    /// `name\u{FFFD}`, a name no Swift `String` spells.
    func notUTF8(_ name: String) -> FilePath {
        FilePath(platformString: Array(file(name).utf8).map { CChar(bitPattern: $0) } + [CChar(bitPattern: 0xFF), 0])
    }
}
