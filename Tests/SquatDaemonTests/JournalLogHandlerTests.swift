import Foundation
import Logging
import Testing
@testable import SquatDaemon

@Suite struct JournalLogHandlerTests {
    /// The lines a handler wrote, one entry per write.
    final class Lines: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        func append(_ line: String) { lock.withLock { lines.append(line) } }
        var all: [String] { lock.withLock { lines } }
    }

    func logger(journal: Bool, lines: Lines) -> Logger {
        var logger = Logger(label: "squatd.sensors") { JournalLogHandler(label: $0, journal: journal, output: lines.append) }
        logger.logLevel = .trace
        return logger
    }

    @Test func journalLinesCarryTheSyslogPriority() {
        let lines = Lines()
        let logger = logger(journal: true, lines: lines)
        logger.trace("t")
        logger.debug("d")
        logger.info("i")
        logger.notice("n")
        logger.warning("w")
        logger.error("e")
        logger.critical("c")
        #expect(lines.all == ["<7>squatd.sensors: t\n", "<7>squatd.sensors: d\n", "<6>squatd.sensors: i\n",
                              "<5>squatd.sensors: n\n", "<4>squatd.sensors: w\n", "<3>squatd.sensors: e\n",
                              "<2>squatd.sensors: c\n"])
    }

    @Test func metadataFollowsSortedAndQuotedWhereNeeded() {
        let lines = Lines()
        var logger = logger(journal: true, lines: lines)
        logger[metadataKey: "device"] = "Sony_DualSense_1234"
        logger.warning("unplugged", metadata: ["node": "/dev/input/event5", "name": "Motion Sensors", "empty": "", "quote": #"say "hi""#])
        #expect(lines.all == [#"<4>squatd.sensors: unplugged device=Sony_DualSense_1234 empty="" name="Motion Sensors" node=/dev/input/event5 quote="say \"hi\"""# + "\n"])
    }

    @Test func aMultiLineMessageStaysOneRecord() {
        let lines = Lines()
        let logger = logger(journal: true, lines: lines)
        logger.error("config rejected:\nline 3: unknown key\r\nline 4: bad value", metadata: ["detail": "a\nb"])
        #expect(lines.all == [#"<3>squatd.sensors: config rejected:\nline 3: unknown key\nline 4: bad value detail=a\nb"# + "\n"])
    }

    @Test func providerMetadataAndErrorsAreIncluded() {
        let lines = Lines()
        var handler = JournalLogHandler(label: "squatd", journal: true, output: lines.append)
        handler.metadataProvider = .init { ["task": "sound", "pid": "7"] }
        handler.metadata = ["task": "daemon"]
        let logger = Logger(label: "squatd") { _ in handler }
        logger.info("started", metadata: ["task": "sensors"])
        logger.debug("hidden")
        logger.log(level: .error, "failed", error: StateError.inUse(path: "/var/lib/squatd"))
        #expect(lines.all == [
            "<6>squatd: started pid=7 task=sensors\n",
            #"<3>squatd: failed error="/var/lib/squatd: in use by another squatd (only one may count into a state directory)" pid=7 task=sound"# + "\n",
        ])
    }

    @Test func terminalLinesStartWithLocalTimeAndLevel() throws {
        let lines = Lines()
        logger(journal: false, lines: lines).notice("counting", metadata: ["goal": "100"])
        let line = try #require(lines.all.first)
        let pattern = try Regex(#"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3} notice squatd\.sensors: counting goal=100\n$"#)
        #expect(line.wholeMatch(of: pattern) != nil, "\(line)")
    }

    @Test func stderrIsTheJournalOnlyWhenDeviceAndInodeMatch() {
        var status = stat()
        fstat(STDERR_FILENO, &status)
        let matching = "\(status.st_dev):\(status.st_ino)"
        #expect(JournalLogHandler.isStderrJournal(environment: ["JOURNAL_STREAM": matching]))
        #expect(!JournalLogHandler.isStderrJournal(environment: ["JOURNAL_STREAM": "\(status.st_dev):\(status.st_ino + 1)"]))
        #expect(!JournalLogHandler.isStderrJournal(environment: ["JOURNAL_STREAM": "\(status.st_dev)"]))
        #expect(!JournalLogHandler.isStderrJournal(environment: ["JOURNAL_STREAM": "x:y"]))
        #expect(!JournalLogHandler.isStderrJournal(environment: [:]))
    }
}
