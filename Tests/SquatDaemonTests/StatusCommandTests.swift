import Foundation
import Logging
import SquatDaemon
import SystemPackage
import Testing

/// `squatd status`, run as the built binary against a state directory the test fills.
@Suite struct StatusCommandTests {
    let dir = ScratchDirectory()
    let today = LocalDay.today()

    func record(_ reps: [(String, Int)], on day: LocalDay) throws {
        let store = try CountStore(directory: FilePath(dir.path), logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        defer { store.close() }
        for (device, count) in reps {
            for _ in 0..<count { try store.recordRep(device: device, day: day) }
        }
    }

    @Test func showsTodayPerDeviceTheGoalAndYesterday() throws {
        try record([("pci-0000:00:14.0-usb-0:2:1.0", 12), ("Sony_DualSense_1234", 25)], on: today)
        try record([("Sony_DualSense_1234", 80)], on: today.previous!)
        try record([("Sony_DualSense_1234", 5)], on: today.previous!.previous!)
        let run = try squatdStatus(["--state-dir", dir.path, "--goal", "100"])
        #expect(run.status == 0)
        #expect(run.stdout == """
            37 of 100 today (37 %)
              Sony_DualSense_1234           25
              pci-0000:00:14.0-usb-0:2:1.0  12
            yesterday: 80

            """)
        #expect(run.stderr.isEmpty)
        #expect(try squatdStatus(["--state-dir", dir.path, "--goal", "30"]).stdout.hasPrefix("37 of 30 today (123 %): goal reached\n"))
    }

    @Test func aDayWithoutRepsAndNoYesterday() throws {
        try record([("a", 3)], on: LocalDay("2001-01-01")!)
        let run = try squatdStatus(["--state-dir", dir.path, "--goal", "50"])
        #expect(run.status == 0)
        #expect(run.stdout == "0 of 50 today (0 %)\n")
        #expect(try squatdStatus(["--state-dir", dir.path]).stdout == "0 today\n")
    }

    @Test func jsonHasEveryFigure() throws {
        try record([("a", 2), ("b", 1)], on: today)
        let run = try squatdStatus(["--json", "--goal", "4"], environment: ["STATE_DIRECTORY": dir.path + ":/elsewhere"])
        #expect(run.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["day"] as? String == today.description)
        #expect(object["devices"] as? [String: Int] == ["a": 2, "b": 1])
        #expect(object["total"] as? Int == 3 && object["goal"] as? Int == 4 && object["percent"] as? Int == 75)
        let yesterday = try #require(object["yesterday"] as? [String: Any])
        let noGoal = try squatdStatus(["--json", "--state-dir", dir.path])
        let withoutGoal = try #require(try JSONSerialization.jsonObject(with: Data(noGoal.stdout.utf8)) as? [String: Any])
        #expect(withoutGoal["goal"] == nil && withoutGoal["percent"] == nil && withoutGoal["total"] as? Int == 3)
        #expect(yesterday["day"] as? String == today.previous!.description && yesterday["total"] as? Int == 0)
    }

    /// The daemon holds the directory and may be half-way through appending a rep.
    @Test func readsWhileTheDaemonCounts() throws {
        let store = try CountStore(directory: FilePath(dir.path), logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        defer { store.close() }
        try store.recordRep(device: "a", day: today)
        let handle = try #require(FileHandle(forWritingAtPath: dir.file("counts.journal")))
        handle.seekToEndOfFile()
        handle.write(Data("\(today)\ta\t1\t0f".utf8))
        try handle.close()
        let run = try squatdStatus(["--state-dir", dir.path])
        #expect(run.status == 0)
        #expect(run.stdout == "1 today\n  a  1\n")
    }

    @Test func missingDirectoryExits66() throws {
        let run = try squatdStatus(["--state-dir", dir.file("absent")])
        #expect(run.status == 66)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "squatd: \(dir.file("absent")): no such state directory (has squatd run yet? see --state-dir)\n")
    }

    @Test func damagedJournalExits65NamingTheLine() throws {
        try record([("a", 2)], on: today)
        var bytes = dir.bytes("counts.journal")
        bytes[20] ^= 1
        dir.write("counts.journal", bytes: bytes)
        let run = try squatdStatus(["--state-dir", dir.path])
        #expect(run.status == 65)
        #expect(run.stderr == "squatd: \(dir.file("counts.journal")):2: damaged record (bad checksum or format)\n")
    }

    /// `--state-dir DIR/` is DIR: the journal is named once, without `//`.
    @Test func aTrailingSlashIsNotRepeatedInTheMessage() throws {
        try record([("a", 2)], on: today)
        var bytes = dir.bytes("counts.journal")
        bytes[20] ^= 1
        dir.write("counts.journal", bytes: bytes)
        let run = try squatdStatus(["--state-dir", dir.path + "/"])
        #expect(run.status == 65)
        #expect(run.stderr == "squatd: \(dir.file("counts.journal")):2: damaged record (bad checksum or format)\n")
    }

    @Test func badGoalIsAUsageError() throws {
        let run = try squatdStatus(["--state-dir", dir.path, "--goal", "0"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("--goal must be a whole number of at least 1, not '0'."))
    }

    private func squatdStatus(_ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, stdout: String, stderr: String) {
        try squatd(["status"] + arguments, environment: environment)
    }
}
